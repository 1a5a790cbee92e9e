import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ArtistInsightsView, PayoutView, TransactionView } from '#pie/contracts';
import { claimForCaller } from '#pie/claims';
import { Database } from '#pie/platform';
import { paidOutTotal, payoutsOf } from '../../domain/bank-payouts.js';
import { payoutView } from '../../domain/payout-rows.js';
import { artistInsights } from '../../domain/artist-insights.js';
import { artistHistory } from '../../domain/money-history.js';
import { claimNotVerified } from '../../domain/payouts.errors.js';
import type { ListPage } from '../office-funds/office-funds.queries.js';
import { GetClaimInsights, ListClaimPayouts, ListClaimTransactions } from './claim-funds.queries.js';

/** Only for who may see the claim (its office's admins and the members assigned its artist); anyone else gets the claim's 404. */
@QueryHandler(ListClaimTransactions)
export class ListClaimTransactionsHandler implements IQueryHandler<ListClaimTransactions> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, claimId, paging }: ListClaimTransactions): Promise<ListPage<TransactionView>> {
    const em = this.database.em();
    const { claim } = await claimForCaller(em, claimId, userId, 'view');
    return artistHistory(em, claim.artistId, paging);
  }
}

/** The office pays out once for all its artists: a claim shows its office's payouts (the latest 100). */
@QueryHandler(ListClaimPayouts)
export class ListClaimPayoutsHandler implements IQueryHandler<ListClaimPayouts> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, claimId }: ListClaimPayouts): Promise<{ items: PayoutView[]; totalCents: number }> {
    const em = this.database.em();
    const { claim } = await claimForCaller(em, claimId, userId, 'view');
    const { rows } = await payoutsOf(em, claim.officeId, { page: 1, limit: 100 });
    return { items: rows.map(payoutView), totalCents: await paidOutTotal(em, claim.officeId) };
  }
}

/**
 * A verified artist's funding insights, for who may see the claim (its office's admins and the
 * members assigned the artist; anyone else, another office included, gets the claim's 404). A claim
 * not (or no longer) successful has no artist to report on: 409.
 */
@QueryHandler(GetClaimInsights)
export class GetClaimInsightsHandler implements IQueryHandler<GetClaimInsights> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, claimId }: GetClaimInsights): Promise<ArtistInsightsView> {
    const em = this.database.em();
    const { claim } = await claimForCaller(em, claimId, userId, 'view');
    if (claim.status !== 'successful') throw claimNotVerified();
    return artistInsights(em, { id: claim.id, artistId: claim.artistId, verifiedAt: claim.verifiedAt });
  }
}
