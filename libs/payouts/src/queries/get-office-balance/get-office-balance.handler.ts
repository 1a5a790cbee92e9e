import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OfficeBalanceView } from '#pie/contracts';
import { claimedArtistIdsOf } from '#pie/claims';
import { artistEscrows } from '#pie/ledger';
import { assignedArtistIds, requireMember } from '#pie/offices';
import { Database } from '#pie/platform';
import { officeMoney } from '../../domain/office-money.js';
import { GetOfficeBalance } from './get-office-balance.query.js';

@QueryHandler(GetOfficeBalance)
export class GetOfficeBalanceHandler implements IQueryHandler<GetOfficeBalance> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId }: GetOfficeBalance): Promise<OfficeBalanceView> {
    const em = this.database.em();
    const membership = await requireMember(em, officeId, userId);
    const claimed = await claimedArtistIdsOf(em, officeId);
    // A member sees the escrow of the artists assigned to them only.
    const visible = membership.role === 'admin' ? claimed : (await assignedArtistIds(em, officeId, userId)).filter((artistId) => claimed.includes(artistId));
    const escrows = await artistEscrows(em, visible);
    return {
      earningsCents: (await officeMoney(em, officeId)).earningsCents,
      escrowCents: [...escrows.values()].reduce((sum, escrow) => sum + escrow.heldCents, 0),
    };
  }
}
