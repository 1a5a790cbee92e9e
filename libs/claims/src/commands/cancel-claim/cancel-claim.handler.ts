import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { successfulCannotBeDeleted } from '../../domain/claims.errors.js';
import { changeStatus, claimForCaller } from '../../domain/claims-store.js';
import { CancelClaim } from './cancel-claim.command.js';

@CommandHandler(CancelClaim)
export class CancelClaimHandler implements ICommandHandler<CancelClaim> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, claimId }: CancelClaim) {
    return this.database.transaction(async (em) => {
      const { claim } = await claimForCaller(em, claimId, userId, 'manage', { lock: true });
      if (claim.status === 'successful') throw successfulCannotBeDeleted();
      await changeStatus(em, claim, 'cancelled', { kind: 'artist', id: userId }, 'Deleted by the office');
    });
  }
}
