import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { StripeGateway } from '#pie/billing';
import { Database } from '#pie/platform';
import { abandonPayout, applyStripePayout, creatingPayoutOf, lockPayout, payoutByStripeId, payoutIdempotencyKey, STALE_CREATING_MS, startPayout, type PayoutRow } from './bank-payouts.js';
import { canReceiveTransfers, connectedAccountOf, type ConnectedAccountRow } from './connected-accounts.js';
import { disconnected, notConnected, nothingToPayOut, onboardingIncomplete, payoutInProgress, stripeRefused } from './payouts.errors.js';
import { isPermanentStripeError } from './stripe-errors.js';

/**
 * Payouts from an office's Stripe account to its bank. Making one: read what is available at
 * Stripe, take the office's one "creating" slot (so 50 concurrent clicks make one payout), ask
 * Stripe with the slot's idempotency key, and record the answer and its journal. Following one:
 * Stripe's `payout.*` news re-reads the payout and records what it became.
 */
@Injectable()
export class PayoutMaker {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
  ) {}

  /** Pays out the whole available balance of the office's Stripe account (the caller is its admin). */
  async payOutAvailable(officeId: string, userId: string): Promise<PayoutRow> {
    const account = await connectedAccountOf(this.database.em(), officeId);
    if (!account) throw notConnected();
    if (account.disconnected_at) throw disconnected();
    if (!canReceiveTransfers(account)) throw onboardingIncomplete();
    const stale = await creatingPayoutOf(this.database.em(), officeId);
    if (stale) {
      if (Date.now() - new Date(stale.created_at).getTime() < STALE_CREATING_MS) throw payoutInProgress();
      // An earlier request lost its answer: finish that payout (same key, same amount) instead.
      return this.create(account, stale);
    }
    const balance = await this.gateway.stripe.balance.retrieve({}, { stripeAccount: account.stripe_account_id });
    const available = balance.available.filter((entry) => entry.currency === 'usd').reduce((sum, entry) => sum + entry.amount, 0);
    if (available <= 0) throw nothingToPayOut();
    const slot = await startPayout(this.database.em(), officeId, available, userId);
    if (!slot) throw payoutInProgress();
    return this.create(account, slot);
  }

  private async create(account: ConnectedAccountRow, slot: PayoutRow): Promise<PayoutRow> {
    let payout: Stripe.Payout;
    try {
      payout = await this.gateway.stripe.payouts.create(
        { amount: slot.amount_cents, currency: 'usd', metadata: { pie_payout_id: slot.id, office_id: slot.office_id } },
        { stripeAccount: account.stripe_account_id, idempotencyKey: payoutIdempotencyKey(slot.id) },
      );
    } catch (error) {
      if (!isPermanentStripeError(error)) throw error; // the slot stays: the next request resumes it with the same key
      await abandonPayout(this.database.em(), slot.id);
      const code = (error as { code?: string }).code;
      if (code === 'balance_insufficient') throw nothingToPayOut();
      throw stripeRefused((error as Error).message);
    }
    return this.database.transaction(async (tx) => applyStripePayout(tx, (await lockPayout(tx, slot.id)) ?? slot, payout));
  }

  /** Stripe's news about a payout: re-read it from the office's account and record it (any order, any number of times). */
  async sync(stripeAccountId: string, stripePayoutId: string): Promise<PayoutRow | null> {
    const payout = await this.gateway.stripe.payouts.retrieve(stripePayoutId, {}, { stripeAccount: stripeAccountId });
    const known = (await payoutByStripeId(this.database.em(), payout.id)) ?? null;
    // A payout whose creation answer was lost is found by the id Pie gave it.
    const rowId = known?.id ?? (typeof payout.metadata?.pie_payout_id === 'string' ? payout.metadata.pie_payout_id : null);
    if (!rowId) return null;
    return this.database.transaction(async (tx) => {
      const row = await lockPayout(tx, rowId);
      return row ? applyStripePayout(tx, row, payout) : null;
    });
  }
}
