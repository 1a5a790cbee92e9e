import { Query } from '@nestjs/cqrs';
import type { ArtistInsightsView, PayoutView, TransactionFilter, TransactionView } from '#pie/contracts';
import type { ListPage } from '../office-funds/office-funds.queries.js';

/** `GET claims/{id}/transactions` (page, filter): the claimed artist's money history. */
export class ListClaimTransactions extends Query<ListPage<TransactionView>> {
  constructor(readonly userId: string, readonly claimId: string, readonly paging: { page: number; limit: number; filter: TransactionFilter }) {
    super();
  }
}

/** `GET claims/{id}/payouts` → data (the claim's office's payouts) and total (what reached the bank). */
export class ListClaimPayouts extends Query<{ items: PayoutView[]; totalCents: number }> {
  constructor(readonly userId: string, readonly claimId: string) {
    super();
  }
}

/** `GET claims/{id}/insights`: the claimed artist's funding, aggregates only (issue 31). */
export class GetClaimInsights extends Query<ArtistInsightsView> {
  constructor(readonly userId: string, readonly claimId: string) {
    super();
  }
}
