import { Command } from '@nestjs/cqrs';

/** Deletes a fan's or artist's account: personal data anonymised, sessions ended, money history kept. */
export class DeleteAccount extends Command<void> {
  constructor(
    readonly kind: 'fan' | 'artist',
    readonly subjectId: string,
  ) {
    super();
  }
}
