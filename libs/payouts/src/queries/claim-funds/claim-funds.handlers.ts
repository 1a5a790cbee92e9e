import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PayoutView, TransactionView } from '#pie/contracts';
import { claimForCaller } from '#pie/claims';
import { Database } from '#pie/platform';
import { paidOutTotal, payoutsOf, payoutView } from '../../domain/bank-payouts.js';
import { artistHistory } from '../../domain/money-history.js';
import type { ListPage } from '../office-funds/office-funds.queries.js';
import { ListClaimPayouts, ListClaimTransactions } from './claim-funds.queries.js';

/** Only for who may see the claim (its office's admins and the members assigned its artist); anyone else gets the claim's 404. */
@QueryHandler(ListClaimTransactions)
export class ListClaimTransactionsHandler implements IQueryHandler<ListClaimTransactions> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, claimId, paging }: ListClaimTransactions): Promise<ListPage<TransactionView>> {
    const em = this.database.em();
    const { claim } = await claimForCaller(em, claimId, userId, 'view');
    return artistHistory(em, claim.artist_id, paging);
  }
}

/** The office pays out once for all its artists: a claim shows its office's payouts (the latest 100). */
@QueryHandler(ListClaimPayouts)
export class ListClaimPayoutsHandler implements IQueryHandler<ListClaimPayouts> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, claimId }: ListClaimPayouts): Promise<{ items: PayoutView[]; totalCents: number }> {
    const em = this.database.em();
    const { claim } = await claimForCaller(em, claimId, userId, 'view');
    const { rows } = await payoutsOf(em, claim.office_id, { page: 1, limit: 100 });
    return { items: rows.map(payoutView), totalCents: await paidOutTotal(em, claim.office_id) };
  }
}
