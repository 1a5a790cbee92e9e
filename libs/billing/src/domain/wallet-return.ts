import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { accounts, Ledger, JOURNAL_KINDS, type JournalKind } from '#pie/ledger';
import { Database, type EntityManager } from '#pie/platform';
import { StripeGateway } from '../stripe/stripe-gateway.js';
import { stripeCustomerOf } from './customers.js';
import { reversalPostings } from './reversal.js';
import { StripeEventProcessor } from './stripe-event-processor.js';
import { billingDb } from '../db/billing-db.js';

/** A disputed charge Stripe still refunds: an inquiry (open or closed) or a dispute Pie won. */
const REFUNDABLE_DISPUTE_STATUSES: ReadonlySet<string> = new Set(['warning_needs_response', 'warning_under_review', 'warning_closed', 'won']);

/** Why Pie refunded a fan's wallet to their card (the refund's `metadata.pie_reason` at Stripe). */
export type WalletRefundReason = 'account_deleted' | 'pie_ended';

/** A refund Stripe knows of that the ledger has not booked yet: the job retries once the webhook has booked it. */
export class RefundNotBookedYetError extends Error {
  constructor(refundId: string) {
    super(`Refund ${refundId} is not in the ledger yet; returning the fan's wallet waits for it`);
    this.name = 'RefundNotBookedYetError';
  }
}

export interface WalletReturned {
  /** Refunds to the card, one per charge they came from. */
  refunds: { amountCents: number; last4: string | null }[];
  /** What the fan's closes gave to artists over time: it stays theirs. */
  givenToArtistsCents: number;
  /** Free promotion money not yet split: back to the promotion. */
  promotionReturnedCents: number;
  /** What could not go back to a card (no refundable charge left): it stays in the wallet for support. */
  keptCents: number;
}

/**
 * Gives back what a fan's wallet holds — the money no artist has been allocated — when there is no
 * pie left to split it: when the fan deletes their account (`DeletedFanSettlement`) and when their
 * pie is over (`FinishedPieSettlement`). libs/billing/README.md, "Returning a wallet".
 *
 * `bookStripeMoney` first (outside any transaction: it calls Stripe and posts through the webhook
 * code), then `giveBack` inside the caller's transaction, which holds the fan's lock:
 * - the promotion not yet given to artists (closes spend the promotion first) nor returned before
 *   goes back to `promo_pool`;
 * - the rest is refunded to the card, newest charge first, never more than a charge's unrefunded
 *   amount (Stripe's rule), skipping charges a chargeback holds (open or lost: Stripe refuses their
 *   refunds; an inquiry's or a won dispute's charge is refunded) and charges a refund already failed
 *   on (it would fail again). The wallet is already net of Stripe's fee and
 *   Pie's, so the refund is what the fan still has. Each refund is booked at once as the
 *   `refund:<id>` journal the webhook would post (wallet → stripe_clearing), so the webhook finds
 *   it booked;
 * - what no charge can take stays in the wallet (`keptCents`).
 * Escrow and office earnings are never touched: money allocated to artists stays theirs.
 *
 * A retry after Stripe refunded but before the caller's commit finds those refunds on the charges
 * and waits (`RefundNotBookedYetError`) until the webhook has booked them, then refunds only what the
 * wallet still holds, and still reports the refunds it made before (`metadata.pie_return` = its
 * key); the Stripe idempotency key (the caller's, per event, charge and amount) keeps a replay of
 * the same call from refunding twice.
 */
@Injectable()
export class WalletReturn {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(StripeEventProcessor) private readonly processor: StripeEventProcessor,
  ) {}

  private get stripe(): Stripe {
    return this.gateway.stripe;
  }

  /** Books every payment and refund Stripe has for the fan, so the wallet is complete; the fan's charges, newest first. */
  async bookStripeMoney(fanId: string): Promise<string[]> {
    const customerId = await stripeCustomerOf(this.database.em(), fanId);
    if (customerId) {
      for await (const invoice of this.stripe.invoices.list({ customer: customerId, status: 'paid', limit: 100 })) await this.processor.recordInvoicePaid(invoice.id);
    }
    const charges = await this.chargesNewestFirst(fanId);
    for (const charge of charges) await this.processor.recordRefunds(charge);
    return charges;
  }

  /**
   * Returns the wallet inside `tx` (the caller holds the fan's lock; this takes the wallet's, so a
   * pie close cannot split it meanwhile). `charges` from `bookStripeMoney`; `stripeKey` names this
   * return for Stripe's idempotency keys (one per event); `promotionKey` is the promo journal's key.
   */
  async giveBack(
    tx: EntityManager,
    input: { fanId: string; charges: readonly string[]; reason: WalletRefundReason; stripeKey: string; promotionKey: string },
  ): Promise<WalletReturned> {
    const { fanId } = input;
    const wallet = accounts.fanWallet(fanId);
    await this.ledger.lockAccounts([wallet], { em: tx });
    const fresh = await Promise.all(input.charges.map((charge) => this.stripe.charges.retrieve(charge)));
    const refunds: WalletReturned['refunds'] = [];
    const refundFailedOn = new Set<string>();
    // Everything Stripe refunded must be in the wallet's balance before we read it. Refunds this
    // same return made before a crash (tagged with its key) are already out of the wallet: they
    // are still this return's, for the e-mail.
    for (const charge of fresh) {
      for (const refund of (await this.stripe.refunds.list({ charge: charge.id, limit: 100 })).data) {
        if (refund.status === 'succeeded' && !(await this.ledger.journalByKey(`refund:${refund.id}`, { em: tx }))) throw new RefundNotBookedYetError(refund.id);
        if (refund.status === 'succeeded' && refund.metadata?.pie_return === input.stripeKey) refunds.push({ amountCents: refund.amount, last4: charge.payment_method_details?.card?.last4 ?? null });
        if (refund.status === 'failed') refundFailedOn.add(charge.id);
      }
    }
    let walletCents = await this.ledger.balanceOf(wallet, { em: tx });
    const totals = await this.ledger.totalsByReference({ fanId }, { em: tx });
    const walletLegs = (kind: JournalKind) => totals.filter((t) => t.journalKind === kind && t.accountKind === 'fan_wallet').reduce((sum, t) => sum + t.amountCents, 0);
    const givenToArtistsCents = -walletLegs(JOURNAL_KINDS.piePeriodClosed);
    // Closes spend the promotion first; what a return already gave back is not the fan's to give again.
    const promotionLeft = walletLegs(JOURNAL_KINDS.promoGrant) - givenToArtistsCents + walletLegs(JOURNAL_KINDS.promoReturned);
    const promotionReturnedCents = Math.min(walletCents, Math.max(0, promotionLeft));
    if (promotionReturnedCents > 0) {
      await this.ledger.post(
        {
          kind: JOURNAL_KINDS.promoReturned,
          idempotencyKey: input.promotionKey,
          occurredAt: new Date(),
          references: { fanId },
          postings: [
            { account: wallet, amountCents: -promotionReturnedCents },
            { account: accounts.promoPool, amountCents: promotionReturnedCents },
          ],
        },
        { em: tx },
      );
      walletCents -= promotionReturnedCents;
    }
    for (const charge of fresh) {
      if (walletCents === 0) break;
      // A card a refund already failed on (closed, expired) would fail again: that money is kept for support.
      if (charge.status !== 'succeeded' || refundFailedOn.has(charge.id) || !(await this.disputesAllowRefund(charge))) continue;
      const amount = Math.min(walletCents, charge.amount - charge.amount_refunded);
      if (amount <= 0) continue;
      const refund = await this.stripe.refunds.create(
        { charge: charge.id, amount, reason: 'requested_by_customer', metadata: { pie_reason: input.reason, pie_return: input.stripeKey, fan_id: fanId } },
        { idempotencyKey: `${input.stripeKey}:${charge.id}:${amount}` },
      );
      await this.ledger.post(
        {
          kind: JOURNAL_KINDS.refund,
          idempotencyKey: `refund:${refund.id}`,
          occurredAt: new Date(refund.created * 1000),
          references: { fanId, stripeRefundId: refund.id, stripeChargeId: charge.id },
          postings: reversalPostings(amount, { fanId, walletCents, escrowHeld: [] }),
        },
        { em: tx },
      );
      walletCents -= amount;
      refunds.push({ amountCents: amount, last4: charge.payment_method_details?.card?.last4 ?? null });
    }
    return { refunds, givenToArtistsCents, promotionReturnedCents, keptCents: walletCents };
  }

  /**
   * Stripe refuses to refund a charge a chargeback holds — open (`needs_response`, `under_review`)
   * or lost (the cardholder got the money back through their bank) — and refunds one under an
   * inquiry (`warning_*`, `is_charge_refundable`: "the payment it relates to can still be
   * refunded"; refunding it in full resolves the inquiry) or whose dispute was won (the funds are
   * back with Pie). libs/billing/README.md, "Returning a wallet".
   */
  private async disputesAllowRefund(charge: Stripe.Charge): Promise<boolean> {
    if (!charge.disputed) return true;
    const disputes = await this.stripe.disputes.list({ charge: charge.id, limit: 10 });
    return disputes.data.every((dispute) => dispute.is_charge_refundable || REFUNDABLE_DISPUTE_STATUSES.has(dispute.status));
  }

  /** The fan's charges Pie booked, newest first (refunds go to the most recent payments first). */
  private async chargesNewestFirst(fanId: string): Promise<string[]> {
    const rows = await billingDb(this.database.em())
      .selectFrom('billing.invoices')
      .select('charge_id')
      .where('fan_id', '=', fanId)
      .where('charge_id', 'is not', null)
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => row.charge_id!);
  }
}
