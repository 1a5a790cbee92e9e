import { Query } from '@nestjs/cqrs';
import type { ConnectedAccountBalanceView, TotalPayoutView } from '#pie/contracts';

/** `GET stripe/connected-account-balance`: what Stripe holds for the office, available and pending. */
export class GetConnectedAccountBalance extends Query<ConnectedAccountBalanceView> {
  constructor(readonly userId: string, readonly officeId: string) {
    super();
  }
}

/** `GET stripe/total-payout`: everything Stripe has paid out to the office's bank. */
export class GetTotalPayout extends Query<TotalPayoutView> {
  constructor(readonly userId: string, readonly officeId: string) {
    super();
  }
}
