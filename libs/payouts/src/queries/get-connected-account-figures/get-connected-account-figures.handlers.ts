import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import type { ConnectedAccountBalanceView, TotalPayoutView } from '#pie/contracts';
import { StripeGateway } from '#pie/billing';
import { requireMember } from '#pie/offices';
import { Database } from '#pie/platform';
import { paidOutTotal } from '../../domain/bank-payouts.js';
import { connectedAccountOf, type ConnectedAccount } from '../../domain/connected-accounts.js';
import { GetConnectedAccountBalance, GetTotalPayout } from './get-connected-account-figures.query.js';

/** The office's Stripe connection for one of its members (404 for anyone else), or null before it has one. */
async function connectionForMember(database: Database, officeId: string, userId: string): Promise<ConnectedAccount | null> {
  const em = database.em();
  await requireMember(em, officeId, userId);
  return connectedAccountOf(em, officeId);
}

const usd = (amounts: Stripe.Balance.Available[] | Stripe.Balance.Pending[]) => amounts.filter((amount) => amount.currency === 'usd').reduce((sum, amount) => sum + amount.amount, 0);

/** Read straight from Stripe (the office's account is the truth); an office without one holds nothing there. */
@QueryHandler(GetConnectedAccountBalance)
export class GetConnectedAccountBalanceHandler implements IQueryHandler<GetConnectedAccountBalance> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
  ) {}

  async execute({ userId, officeId }: GetConnectedAccountBalance): Promise<ConnectedAccountBalanceView> {
    const connection = await connectionForMember(this.database, officeId, userId);
    // An account that removed Pie's access cannot be read: Pie holds nothing there for the office
    // (what was in it left with it, and the office sees it in that account's own Stripe dashboard).
    if (!connection || connection.deauthorizedAt) return { availableCents: 0, pendingCents: 0 };
    const stripeAccount = connection.stripeAccountId;
    const balance = await this.gateway.stripe.balance.retrieve({}, { stripeAccount });
    return { availableCents: usd(balance.available), pendingCents: usd(balance.pending) };
  }
}

@QueryHandler(GetTotalPayout)
export class GetTotalPayoutHandler implements IQueryHandler<GetTotalPayout> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
  ) {}

  async execute({ userId, officeId }: GetTotalPayout): Promise<TotalPayoutView> {
    const connection = await connectionForMember(this.database, officeId, userId);
    if (!connection) return { totalCents: 0 };
    // Unreadable at Stripe after a deauthorization: what Pie saw reach the bank from it.
    if (connection.deauthorizedAt) return { totalCents: await paidOutTotal(this.database.em(), officeId, connection.stripeAccountId) };
    const stripeAccount = connection.stripeAccountId;
    let totalCents = 0;
    for await (const payout of this.gateway.stripe.payouts.list({ limit: 100 }, { stripeAccount })) {
      if (payout.status === 'paid' && payout.currency === 'usd') totalCents += payout.amount;
    }
    return { totalCents };
  }
}
