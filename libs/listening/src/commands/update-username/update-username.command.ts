import { Command } from '@nestjs/cqrs';

/** `PUT /api/user/username`: the fan's public name, unique regardless of case. */
export class UpdateUsername extends Command<{ username: string }> {
  constructor(
    readonly fanId: string,
    readonly username: string,
  ) {
    super();
  }
}
