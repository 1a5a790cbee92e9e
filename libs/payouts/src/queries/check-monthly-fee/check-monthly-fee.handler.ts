import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS, type MonthlyFeeCheckView } from '#pie/contracts';
import { accounts, creditsSince } from '#pie/ledger';
import { requireMember } from '#pie/offices';
import { Database } from '#pie/platform';
import { connectedAccountOf } from '../../domain/connected-accounts.js';
import { ConnectedAccountSync } from '../../domain/connected-account-sync.js';
import { CheckMonthlyFee } from './check-monthly-fee.query.js';
import { monthlyFeeCovered, monthStart } from '../../domain/transfer-rules.js';

@QueryHandler(CheckMonthlyFee)
export class CheckMonthlyFeeHandler implements IQueryHandler<CheckMonthlyFee> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ConnectedAccountSync) private readonly sync: ConnectedAccountSync,
  ) {}

  async execute({ userId, officeId, now }: CheckMonthlyFee): Promise<MonthlyFeeCheckView> {
    const em = this.database.em();
    await requireMember(em, officeId, userId);
    let account = await connectedAccountOf(em, officeId);
    // Back from Stripe's onboarding before its webhook: the status shown is Stripe's own, not a stale copy.
    if (account && account.status !== 'enabled') account = (await this.sync.refresh(account.stripeAccountId)) ?? account;
    const earningsThisMonthCents = await creditsSince(em, accounts.officeEarnings(officeId), monthStart(now));
    return {
      status: account?.status ?? 'not_connected',
      monthlyFeeCents: STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS,
      earningsThisMonthCents,
      covered: monthlyFeeCovered(earningsThisMonthCents, STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS),
      disconnectedAt: account?.disconnectedAt ? new Date(account.disconnectedAt).toISOString() : null,
    };
  }
}
