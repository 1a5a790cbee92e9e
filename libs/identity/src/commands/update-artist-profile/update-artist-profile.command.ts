import { Command } from '@nestjs/cqrs';
import type { UpdateArtistProfileRequest } from '#pie/contracts';

export class UpdateArtistProfile extends Command<void> {
  constructor(
    readonly artistUserId: string,
    readonly changes: UpdateArtistProfileRequest,
  ) {
    super();
  }
}
