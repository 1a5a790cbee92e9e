import { Command } from '@nestjs/cqrs';
import type { CreateOfficeRequest, Office } from '#pie/contracts';

/** `POST offices`: the caller becomes the new office's admin. */
export class CreateOffice extends Command<Office> {
  constructor(readonly userId: string, readonly request: CreateOfficeRequest) {
    super();
  }
}
