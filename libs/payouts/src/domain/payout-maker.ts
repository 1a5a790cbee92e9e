import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { StripeGateway } from '#pie/billing';
import { APP_CONFIG, Database, type AppConfig, type EntityManager } from '#pie/platform';
import { formatCents } from '#pie/contracts';
import { accounts, balanceOf } from '#pie/ledger';
import { abandonPayout, applyStripePayout, creatingPayoutOf, insertReportedPayout, lockPayout, payoutByStripeId, payoutIdempotencyKey, STALE_CREATING_MS, startPayout } from './bank-payouts.js';
import { cents, type PayoutRow } from './payout-rows.js';
import { canReceiveTransfers, connectedAccountByStripeId, connectedAccountOf, isDeauthorizedAccount, type ConnectedAccount } from './connected-accounts.js';
import { mailPayoutSent } from './office-mails.js';
import { accountDeauthorized, balanceMismatch, disconnected, notConnected, nothingToPayOut, onboardingIncomplete, payoutInProgress, stripeRefused } from './payouts.errors.js';
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The office's admins are told a payout is on its way, once per payout (with its journal). */
  private readonly tellSent = (tx: EntityManager, payout: PayoutRow) => mailPayoutSent(tx, this.config.PUBLIC_URL, payout);

  /** Pays out the whole available balance of the office's Stripe account (the caller is its admin). */
  async payOutAvailable(officeId: string, userId: string): Promise<PayoutRow> {
    const account = await connectedAccountOf(this.database.em(), officeId);
    if (!account) throw notConnected();
    if (account.deauthorizedAt) throw accountDeauthorized();
    if (account.disconnectedAt) throw disconnected();
    if (!canReceiveTransfers(account)) throw onboardingIncomplete();
    const stale = await creatingPayoutOf(this.database.em(), officeId);
    if (stale && stale.stripe_account_id !== account.stripeAccountId) {
      // Started on an account that has since removed Pie's access: Pie can never ask about it again,
      // and whatever Stripe made of it left with that account (its money was written off with it).
      await abandonPayout(this.database.em(), stale.id);
    } else if (stale) {
      if (Date.now() - new Date(stale.created_at).getTime() < STALE_CREATING_MS) throw payoutInProgress();
      // An earlier request lost its answer: finish that payout (same key, same amount) instead.
      return this.create(account, stale);
    }
    const balance = await this.gateway.stripe.balance.retrieve({}, { stripeAccount: account.stripeAccountId });
    const available = balance.available.filter((entry) => entry.currency === 'usd').reduce((sum, entry) => sum + entry.amount, 0);
    if (available <= 0) throw nothingToPayOut();
    // The ledger's `office_connected` is what Pie transferred and has not seen paid out. Stripe may
    // hold less as available (funds still pending): that much is paid out. Holding more means the
    // books and Stripe disagree (a payout or reversal not booked yet): paying it out would book
    // money the ledger does not have, so the office is told and nothing is started.
    const booked = await balanceOf(this.database.em(), accounts.officeConnected(officeId));
    if (available > booked) throw balanceMismatch(formatCents(available), formatCents(booked));
    const slot = await startPayout(this.database.em(), officeId, account.stripeAccountId, available, userId);
    if (!slot) throw payoutInProgress();
    return this.create(account, slot);
  }

  private async create(account: ConnectedAccount, slot: PayoutRow): Promise<PayoutRow> {
    let payout: Stripe.Payout;
    try {
      payout = await this.gateway.stripe.payouts.create(
        { amount: cents(slot.amount_cents), currency: 'usd', metadata: { pie_payout_id: slot.id, office_id: slot.office_id } },
        { stripeAccount: account.stripeAccountId, idempotencyKey: payoutIdempotencyKey(slot.id) },
      );
    } catch (error) {
      if (!isPermanentStripeError(error)) throw error; // the slot stays: the next request resumes it with the same key
      await abandonPayout(this.database.em(), slot.id);
      const code = (error as { code?: string }).code;
      if (code === 'balance_insufficient') throw nothingToPayOut();
      throw stripeRefused((error as Error).message);
    }
    return this.database.transaction(async (tx) => applyStripePayout(tx, (await lockPayout(tx, slot.id)) ?? slot, payout, this.tellSent));
  }

  /** Stripe's news about a payout: re-read it from the office's account and record it (any order, any number of times). */
  async sync(stripeAccountId: string, stripePayoutId: string): Promise<PayoutRow | null> {
    // News sent before the account removed Pie's access, arriving after: Pie may not read it any
    // more, and what was in that account (a payout failing back into it too) left with it.
    if (await isDeauthorizedAccount(this.database.em(), stripeAccountId)) return payoutByStripeId(this.database.em(), stripePayoutId);
    const payout = await this.gateway.stripe.payouts.retrieve(stripePayoutId, {}, { stripeAccount: stripeAccountId });
    const known = (await payoutByStripeId(this.database.em(), payout.id)) ?? null;
    // A payout whose creation answer was lost is found by the id Pie gave it.
    const pieId = typeof payout.metadata?.pie_payout_id === 'string' ? payout.metadata.pie_payout_id : null;
    return this.database.transaction(async (tx) => {
      let row = known ?? (pieId ? await lockPayout(tx, pieId) : null);
      if (!row) {
        // A payout Pie did not start (Stripe's own schedule, the Express dashboard) is still the
        // office's money leaving its account: it is recorded and booked all the same.
        const office = await connectedAccountByStripeId(tx, stripeAccountId);
        if (!office) return null;
        row = await insertReportedPayout(tx, office.officeId, stripeAccountId, payout);
      }
      const locked = await lockPayout(tx, row.id);
      return locked ? applyStripePayout(tx, locked, payout, this.tellSent) : null;
    });
  }
}
