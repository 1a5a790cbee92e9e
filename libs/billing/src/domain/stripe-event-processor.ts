import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { formatCents } from '#pie/contracts';
import { FanContacts } from '#pie/identity';
import { accounts, Ledger, type AccountCode } from '#pie/ledger';
import { SendEmail } from '#pie/notifications';
import { APP_CONFIG, Database, recordInOutbox, type AppConfig, type EntityManager } from '#pie/platform';
import { InvoicePaid } from '../events/invoice-paid.event.js';
import { StripeAccountUpdated } from '../events/stripe-account-updated.event.js';
import { StripePayoutUpdated } from '../events/stripe-payout-updated.event.js';
import { SubscriptionActivated } from '../events/subscription-activated.event.js';
import { SubscriptionStatusChanged } from '../events/subscription-status-changed.event.js';
import { idOf, StripeGateway } from '../stripe/stripe-gateway.js';
import { fanOfCustomer } from './customers.js';
import { splitPayment } from './fees.js';
import { paymentFailedMessage } from './payment-failed-email.js';
import { reversalPostings } from './reversal.js';
import { lockFan, markActivated, saveStripeSubscription, settingsOfRow, type SubscriptionRow } from './subscription-store.js';

/** Journal kinds billing posts (the wallet's transaction types map onto them). */
export const BILLING_JOURNAL_KINDS = {
  invoicePaid: 'invoice_paid',
  promoGrant: 'promo_grant',
  refund: 'refund',
  dispute: 'dispute',
  disputeWon: 'dispute_won',
  platformTopUp: 'platform_top_up',
} as const;

/**
 * What each Stripe event means for Pie. Every handler re-reads the object from Stripe (events can
 * arrive late, twice or out of order; only the current object is the truth) and is idempotent
 * through its own keys: the ledger's idempotency keys, the subscription row, one e-mail per failed attempt.
 */
@Injectable()
export class StripeEventProcessor {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FanContacts) private readonly contacts: FanContacts,
  ) {}

  private get stripe(): Stripe {
    return this.gateway.stripe;
  }

  async process(type: string, objectId: string, accountId: string | null = null): Promise<void> {
    switch (type) {
      case 'checkout.session.completed': {
        const session = await this.stripe.checkout.sessions.retrieve(objectId);
        const subscriptionId = idOf(session.subscription);
        if (subscriptionId) await this.syncSubscription(subscriptionId);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await this.syncSubscription(objectId);
        return;
      case 'invoice.paid':
        await this.recordInvoicePaid(objectId);
        return;
      case 'invoice.payment_failed':
        await this.recordPaymentFailed(objectId);
        return;
      case 'charge.refunded':
      case 'charge.refund.updated':
        await this.recordRefunds(objectId);
        return;
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
        await this.recordDispute(objectId);
        return;
      case 'account.updated':
        // A connected account (an office's): payouts keeps its state; billing only passes it on.
        await this.database.transaction(async (tx) => {
          recordInOutbox(tx, StripeAccountUpdated.create({ accountId: objectId }));
        });
        return;
      case 'payout.created':
      case 'payout.updated':
      case 'payout.paid':
      case 'payout.failed':
      case 'payout.canceled':
        // An office's payout to its bank: payouts re-reads it from the office's account.
        if (!accountId) return;
        await this.database.transaction(async (tx) => {
          recordInOutbox(tx, StripePayoutUpdated.create({ accountId, payoutId: objectId }));
        });
        return;
      default:
        // Every other event is stored (and so acknowledged) but changes nothing in Pie.
        return;
    }
  }

  /** Re-reads a subscription and records it; emits status changes and the first activation. */
  async syncSubscription(subscriptionId: string): Promise<SubscriptionRow | null> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const fanId = await fanOfCustomer(this.database.em(), this.stripe, subscription.customer);
    if (!fanId) return null;
    return this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      return this.saveSubscription(tx, fanId, subscription);
    });
  }

  private async saveSubscription(tx: EntityManager, fanId: string, subscription: Stripe.Subscription): Promise<SubscriptionRow> {
    const { row, previousStatus } = await saveStripeSubscription(tx, fanId, subscription);
    if (previousStatus !== row.status) {
      recordInOutbox(
        tx,
        SubscriptionStatusChanged.create({ fanId, subscriptionId: row.id, status: row.status, previousStatus, cancelAtPeriodEnd: row.cancel_at_period_end }),
      );
    }
    if (await markActivated(tx, row.id)) {
      recordInOutbox(
        tx,
        SubscriptionActivated.create({
          fanId,
          subscriptionId: row.id,
          pieSettings: settingsOfRow(row),
          currentPeriodStart: new Date(row.current_period_start ?? Date.now()).toISOString(),
          currentPeriodEnd: new Date(row.current_period_end ?? Date.now()).toISOString(),
          promo: false,
        }),
      );
    }
    await tx.flush();
    return row;
  }

  /**
   * `invoice.paid` → one journal: the gross out of stripe_clearing, Stripe's fee (from the charge's
   * balance transaction) and Pie's fee to their accounts, the rest to the fan's wallet.
   */
  async recordInvoicePaid(invoiceId: string): Promise<void> {
    const invoice = await this.stripe.invoices.retrieve(invoiceId);
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (invoice.status !== 'paid' || !subscriptionId) return;
    const [known] = await this.database.em().execute(`select 1 from billing.invoices where id = ?`, [invoiceId]);
    if (known) return;
    const fanId = await fanOfCustomer(this.database.em(), this.stripe, invoice.customer);
    if (!fanId) return;
    const charge = await this.chargeOf(invoice);
    const balanceTransaction = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
    const gross = invoice.amount_paid;
    const split = splitPayment(gross, balanceTransaction?.fee ?? 0, this.config.PLATFORM_FEE_BPS);
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const line = invoice.lines.data[0];
    const periodStart = new Date((line?.period.start ?? invoice.period_start) * 1000);
    const periodEnd = new Date((line?.period.end ?? invoice.period_end) * 1000);
    const paidAt = new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000);

    await this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      await this.saveSubscription(tx, fanId, subscription);
      const journal = await this.ledger.post(
        {
          kind: BILLING_JOURNAL_KINDS.invoicePaid,
          idempotencyKey: `invoice_paid:${invoice.id}`,
          occurredAt: paidAt,
          references: { fanId, stripeInvoiceId: invoice.id, stripeSubscriptionId: subscriptionId, stripeChargeId: charge?.id ?? null },
          postings: [
            { account: accounts.stripeClearing, amountCents: -split.grossCents },
            { account: accounts.processorFees, amountCents: split.processorFeeCents },
            { account: accounts.platformFees, amountCents: split.platformFeeCents },
            { account: accounts.fanWallet(fanId), amountCents: split.walletCreditCents },
          ],
        },
        { em: tx },
      );
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into billing.invoices (id, fan_id, subscription_id, charge_id, gross_cents, processor_fee_cents, platform_fee_cents,
           wallet_credit_cents, period_start, period_end, journal_id, paid_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (id) do nothing returning id`,
        [invoice.id, fanId, subscriptionId, charge?.id ?? null, split.grossCents, split.processorFeeCents, split.platformFeeCents,
          split.walletCreditCents, periodStart, periodEnd, journal.journalId, paidAt],
      );
      if (inserted.length > 0) {
        recordInOutbox(
          tx,
          InvoicePaid.create({
            fanId,
            subscriptionId,
            invoiceId: invoice.id,
            periodStart: periodStart.toISOString(),
            periodEnd: periodEnd.toISOString(),
            grossCents: split.grossCents,
            walletCreditCents: split.walletCreditCents,
            journalId: journal.journalId,
          }),
        );
        await tx.flush();
      }
    });
  }

  /** The charge that paid an invoice, with its balance transaction (where Stripe's fee is). */
  private async chargeOf(invoice: Stripe.Invoice): Promise<Stripe.Charge | null> {
    const payments = await this.stripe.invoicePayments.list({ invoice: invoice.id, limit: 10 });
    const paid = payments.data.find((payment) => payment.status === 'paid') ?? payments.data[0];
    const paymentIntentId = idOf(paid?.payment.payment_intent);
    if (paymentIntentId) {
      const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] });
      return typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    }
    const chargeId = idOf(paid?.payment.charge);
    return chargeId ? this.stripe.charges.retrieve(chargeId, { expand: ['balance_transaction'] }) : null;
  }

  /** `invoice.payment_failed` → the subscription as Stripe has it now (past due) and one e-mail per failed attempt. */
  async recordPaymentFailed(invoiceId: string): Promise<void> {
    const invoice = await this.stripe.invoices.retrieve(invoiceId);
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId || invoice.status !== 'open') return; // paid since, or voided: nothing to tell
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const fanId = await fanOfCustomer(this.database.em(), this.stripe, invoice.customer);
    if (!fanId) return;
    const contact = await this.contacts.contactOf(fanId);
    await this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      await this.saveSubscription(tx, fanId, subscription);
      const noticed = await tx.execute<{ invoice_id: string }[]>(
        `insert into billing.payment_failure_notices (invoice_id, attempt_count, fan_id) values (?, ?, ?) on conflict do nothing returning invoice_id`,
        [invoice.id, invoice.attempt_count, fanId],
      );
      if (noticed.length === 0 || !contact) return;
      const reason = invoice.last_finalization_error?.message ?? null;
      const fixCardLink = new URL('/settings?billing=fix-card#billing', this.config.PUBLIC_URL).toString();
      recordInOutbox(tx, SendEmail.create(paymentFailedMessage({ to: contact.email, firstName: contact.firstName, amount: formatCents(invoice.amount_due), reason, fixCardLink })));
      await tx.flush();
    });
  }

  /**
   * Payments Stripe took before a reversal count before it, however late their webhooks arrive:
   * a refund takes from the wallet what was there at that moment in Stripe's time.
   */
  private async catchUpPaidInvoices(customerId: string, before: number): Promise<void> {
    for await (const invoice of this.stripe.invoices.list({ customer: customerId, status: 'paid', limit: 100 })) {
      if (invoice.created <= before) await this.recordInvoicePaid(invoice.id);
    }
  }

  /** `charge.refunded` → one reversing journal per succeeded refund. */
  async recordRefunds(chargeId: string): Promise<void> {
    const charge = await this.stripe.charges.retrieve(chargeId);
    const customerId = idOf(charge.customer);
    const fanId = await fanOfCustomer(this.database.em(), this.stripe, charge.customer);
    if (!fanId || !customerId) return;
    const refunds = await this.stripe.refunds.list({ charge: chargeId, limit: 100 });
    for (const refund of refunds.data) {
      if (refund.status !== 'succeeded') continue;
      const key = `refund:${refund.id}`;
      if (await this.ledger.journalByKey(key)) continue;
      await this.catchUpPaidInvoices(customerId, refund.created);
      await this.postReversal(fanId, {
        kind: BILLING_JOURNAL_KINDS.refund,
        key,
        amountCents: refund.amount,
        occurredAt: new Date(refund.created * 1000),
        references: { fanId, stripeRefundId: refund.id, stripeChargeId: chargeId },
      });
    }
  }

  /** A dispute takes the amount (and Stripe's dispute fee, a platform loss); a won dispute gives the amount back. */
  async recordDispute(disputeId: string): Promise<void> {
    const dispute = await this.stripe.disputes.retrieve(disputeId);
    const chargeId = idOf(dispute.charge);
    if (!chargeId) return;
    const charge = await this.stripe.charges.retrieve(chargeId);
    const customerId = idOf(charge.customer);
    const fanId = await fanOfCustomer(this.database.em(), this.stripe, charge.customer);
    if (!fanId || !customerId) return;
    const key = `dispute:${dispute.id}`;
    const feeCents = dispute.balance_transactions.reduce((sum, transaction) => sum + transaction.fee, 0);
    if (!(await this.ledger.journalByKey(key))) {
      await this.catchUpPaidInvoices(customerId, dispute.created);
      await this.postReversal(
        fanId,
        {
          kind: BILLING_JOURNAL_KINDS.dispute,
          key,
          amountCents: dispute.amount,
          occurredAt: new Date(dispute.created * 1000),
          references: { fanId, stripeDisputeId: dispute.id, stripeChargeId: chargeId },
        },
        feeCents,
      );
    }
    if (dispute.status === 'won') await this.reverseWonDispute(fanId, dispute, feeCents);
  }

  /** Gives back what the dispute journal took, where it took it from (the dispute fee stays a loss). */
  private async reverseWonDispute(fanId: string, dispute: Stripe.Dispute, feeCents: number): Promise<void> {
    const original = await this.ledger.journalByKey(`dispute:${dispute.id}`);
    if (!original) return;
    const postings = original.postings.map((posting) => {
      let amountCents = -posting.amountCents;
      if (posting.account === accounts.stripeClearing) amountCents += feeCents;
      if (posting.account === accounts.refunds) amountCents -= feeCents;
      return { account: posting.account, amountCents };
    });
    await this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      await this.ledger.post(
        {
          kind: BILLING_JOURNAL_KINDS.disputeWon,
          idempotencyKey: `dispute_won:${dispute.id}`,
          occurredAt: new Date(),
          references: { fanId, stripeDisputeId: dispute.id },
          postings,
        },
        { em: tx },
      );
    });
  }

  private async postReversal(
    fanId: string,
    reversal: { kind: string; key: string; amountCents: number; occurredAt: Date; references: Record<string, string | null> },
    extraLossCents = 0,
  ): Promise<void> {
    await this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      if (await this.ledger.journalByKey(reversal.key, { em: tx })) return;
      const wallet = accounts.fanWallet(fanId);
      const read = () => this.ledger.accountTotalsByReference({ fanId }, 'artist_escrow', { em: tx });
      await this.ledger.lockAccounts([wallet, ...(await read()).keys()], { em: tx });
      // A pie close that held the wallet while we waited for it may have paid into escrows read
      // before it committed: read again under the wallet's lock (no close can post without it).
      const allocated = await read();
      await this.ledger.lockAccounts([...allocated.keys()], { em: tx });
      const escrowHeld: { account: AccountCode; cents: number }[] = [];
      for (const [account, net] of allocated) {
        if (net <= 0) continue;
        escrowHeld.push({ account, cents: Math.min(net, await this.ledger.balanceOf(account, { em: tx })) });
      }
      const walletCents = await this.ledger.balanceOf(wallet, { em: tx });
      await this.ledger.post(
        {
          kind: reversal.kind,
          idempotencyKey: reversal.key,
          occurredAt: reversal.occurredAt,
          references: reversal.references,
          postings: reversalPostings(reversal.amountCents, { fanId, walletCents, escrowHeld }, extraLossCents),
        },
        { em: tx },
      );
    });
  }
}
