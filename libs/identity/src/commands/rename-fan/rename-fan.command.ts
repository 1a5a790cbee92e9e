import { Command } from '@nestjs/cqrs';

/** `PUT /api/user/name`: the fan's first and last name, as settings changes them. */
export class RenameFan extends Command<void> {
  constructor(
    readonly fanId: string,
    readonly firstName: string,
    readonly lastName: string,
  ) {
    super();
  }
}
