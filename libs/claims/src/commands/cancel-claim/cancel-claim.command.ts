import { Command } from '@nestjs/cqrs';

/** `DELETE claims/:id`: an office admin withdraws a claim that has not succeeded. */
export class CancelClaim extends Command<void> {
  constructor(readonly userId: string, readonly claimId: string) {
    super();
  }
}
