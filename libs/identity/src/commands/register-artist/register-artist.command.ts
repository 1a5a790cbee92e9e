import { Command } from '@nestjs/cqrs';
import type { RegisterArtistRequest } from '#pie/contracts';

export class RegisterArtist extends Command<void> {
  constructor(readonly request: RegisterArtistRequest) {
    super();
  }
}
