import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { FanContacts } from '#pie/identity';
import { accounts, Ledger, type StoredJournal, JOURNAL_KINDS } from '#pie/ledger';
import { paymentFailedMessage, paymentReceiptMessage, pieCancelledMessage, SendEmail, type SendEmailPayload } from '#pie/notifications';
import { APP_CONFIG, Database, recordInOutbox, type AppConfig, type EntityManager } from '#pie/platform';
import { InvoicePaid } from '../events/invoice-paid.event.js';
import { StripeAccountDeauthorized } from '../events/stripe-account-deauthorized.event.js';
import { StripeAccountUpdated } from '../events/stripe-account-updated.event.js';
import { StripePayoutUpdated } from '../events/stripe-payout-updated.event.js';
import { SubscriptionActivated } from '../events/subscription-activated.event.js';
import { SubscriptionStatusChanged } from '../events/subscription-status-changed.event.js';
import { StripeTransferReversed } from '../events/stripe-transfer-reversed.event.js';
import { idOf, StripeGateway } from '../stripe/stripe-gateway.js';
import { fanOfCustomer } from './customers.js';
import { splitPayment } from './fees.js';
import { reversalPostings } from './reversal.js';
import { isPaidUp } from './subscription-statuses.js';
import { lockFan, markActivated, saveStripeSubscription, settingsOfRow, type SubscriptionRow } from './subscription-store.js';
import { billingDb } from '../db/billing-db.js';

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

  /**
   * What each Stripe event type Pie acts on does, keyed by Stripe's own `Stripe.Event.Type` (a
   * misspelt or retired type fails the compiler). Each handler gets the event's object id and, for
   * a connected account's event, the account. Every other type is stored (and so acknowledged) but
   * changes nothing in Pie.
   */
  private readonly handlers: Partial<Record<Stripe.Event.Type, (objectId: string, accountId: string | null) => Promise<void>>> = {
    'checkout.session.completed': async (sessionId) => {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      const subscriptionId = idOf(session.subscription);
      if (subscriptionId) await this.syncSubscription(subscriptionId);
    },
    'customer.subscription.created': (subscriptionId) => this.syncSubscriptionOnly(subscriptionId),
    'customer.subscription.updated': (subscriptionId) => this.syncSubscriptionOnly(subscriptionId),
    'customer.subscription.deleted': (subscriptionId) => this.syncSubscriptionOnly(subscriptionId),
    'invoice.paid': (invoiceId) => this.recordInvoicePaid(invoiceId),
    'invoice.payment_failed': (invoiceId) => this.recordPaymentFailed(invoiceId),
    'charge.refunded': (chargeId) => this.recordRefunds(chargeId),
    // The object is the refund: its charge's refunds are read again (a failed one gives the money back).
    'charge.refund.updated': (refundId) => this.recordRefundsOfRefund(refundId),
    'refund.updated': (refundId) => this.recordRefundsOfRefund(refundId),
    'refund.failed': (refundId) => this.recordRefundsOfRefund(refundId),
    'charge.dispute.created': (disputeId) => this.recordDispute(disputeId),
    'charge.dispute.updated': (disputeId) => this.recordDispute(disputeId),
    'charge.dispute.closed': (disputeId) => this.recordDispute(disputeId),
    'charge.dispute.funds_withdrawn': (disputeId) => this.recordDispute(disputeId),
    'charge.dispute.funds_reinstated': (disputeId) => this.recordDispute(disputeId),
    // A transfer to an office taken back: payouts re-reads it and books each reversal.
    'transfer.reversed': (transferId) => this.passOn(StripeTransferReversed.create({ transferId })),
    // The office's account disconnected Pie (the object is Pie's application; the account is the event's).
    'account.application.deauthorized': async (_applicationId, accountId) => {
      if (accountId) await this.passOn(StripeAccountDeauthorized.create({ accountId }));
    },
    // A connected account (an office's): payouts keeps its state; billing only passes it on.
    'account.updated': (accountId) => this.passOn(StripeAccountUpdated.create({ accountId })),
    'payout.created': (payoutId, accountId) => this.passOnPayout(payoutId, accountId),
    'payout.updated': (payoutId, accountId) => this.passOnPayout(payoutId, accountId),
    'payout.paid': (payoutId, accountId) => this.passOnPayout(payoutId, accountId),
    'payout.failed': (payoutId, accountId) => this.passOnPayout(payoutId, accountId),
    'payout.canceled': (payoutId, accountId) => this.passOnPayout(payoutId, accountId),
  };

  /** Applies one stored Stripe event of `type` to Pie (re-reading its object from Stripe). */
  async process(type: string, objectId: string, accountId: string | null = null): Promise<void> {
    const handler = Object.hasOwn(this.handlers, type) ? this.handlers[type as Stripe.Event.Type] : undefined;
    await handler?.(objectId, accountId);
  }

  private async syncSubscriptionOnly(subscriptionId: string): Promise<void> {
    await this.syncSubscription(subscriptionId);
  }

  private async recordRefundsOfRefund(refundId: string): Promise<void> {
    const chargeId = idOf((await this.stripe.refunds.retrieve(refundId)).charge);
    if (chargeId) await this.recordRefunds(chargeId);
  }

  /** Another module's business, told through the outbox in its own transaction. */
  private async passOn(event: Parameters<typeof recordInOutbox>[1]): Promise<void> {
    await this.database.transaction(async (tx) => {
      recordInOutbox(tx, event);
    });
  }

  private async passOnPayout(payoutId: string, accountId: string | null): Promise<void> {
    // An office's payout to its bank (an event of its connected account): payouts re-reads it from there.
    if (accountId) await this.passOn(StripePayoutUpdated.create({ accountId, payoutId }));
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
    const { row, previousStatus, previousCancelAtPeriodEnd } = await saveStripeSubscription(tx, fanId, subscription);
    if (previousStatus !== row.status) {
      recordInOutbox(
        tx,
        SubscriptionStatusChanged.create({ fanId, subscriptionId: row.id, status: row.status, previousStatus, cancelAtPeriodEnd: row.cancel_at_period_end }),
      );
    }
    // The fan cancelled (here or in the Billing Portal): told once per cancellation, in the
    // transaction that records it, whichever of the API call and the webhook sees it first.
    if (previousCancelAtPeriodEnd !== true && row.cancel_at_period_end && isPaidUp(row.status) && row.current_period_end) {
      await this.mailFan(tx, fanId, (contact) =>
        pieCancelledMessage({ ...contact, endsAt: new Date(row.current_period_end!), pieLink: this.link('/pie'), billingLink: this.link('/settings#billing') }),
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
    const known = await billingDb(this.database.em()).selectFrom('billing.invoices').select('id').where('id', '=', invoiceId).executeTakeFirst();
    if (known) return;
    const fanId = await fanOfCustomer(this.database.em(), this.stripe, invoice.customer);
    if (!fanId) return;
    // Only money Stripe collected through a charge is booked: an invoice paid with nothing due (a
    // credit balance, a 100% coupon) or marked paid out of band (`amount_paid_off_stripe`) opens
    // its period with no journal.
    const collected = invoice.amount_paid - (invoice.amount_paid_off_stripe ?? 0);
    const charge = collected > 0 ? await this.chargeOf(invoice) : null;
    const balanceTransaction = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
    const gross = charge ? Math.min(collected, charge.amount) : 0;
    const split = splitPayment(gross, balanceTransaction?.fee ?? 0, this.config.PLATFORM_FEE_BPS);
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const line = invoice.lines.data[0];
    const periodStart = new Date((line?.period.start ?? invoice.period_start) * 1000);
    const periodEnd = new Date((line?.period.end ?? invoice.period_end) * 1000);
    const paidAt = new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000);

    await this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      await this.saveSubscription(tx, fanId, subscription);
      const journal =
        gross === 0
          ? { journalId: null }
          : await this.ledger.post(
        {
          kind: JOURNAL_KINDS.invoicePaid,
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
      const inserted = await billingDb(tx)
        .insertInto('billing.invoices')
        .values({
          id: invoice.id,
          fan_id: fanId,
          subscription_id: subscriptionId,
          charge_id: charge?.id ?? null,
          gross_cents: split.grossCents,
          processor_fee_cents: split.processorFeeCents,
          platform_fee_cents: split.platformFeeCents,
          wallet_credit_cents: split.walletCreditCents,
          period_start: periodStart,
          period_end: periodEnd,
          journal_id: journal.journalId,
          paid_at: paidAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
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
        // A receipt for money Stripe collected, once per invoice (this row is inserted once).
        if (split.grossCents > 0) {
          await this.mailFan(tx, fanId, (contact) =>
            paymentReceiptMessage({
              ...contact,
              invoiceId: invoice.id,
              grossCents: split.grossCents,
              processorFeeCents: split.processorFeeCents,
              platformFeeCents: split.platformFeeCents,
              toArtistsCents: split.walletCreditCents,
              periodStart,
              periodEnd,
              paidAt,
              pieLink: this.link('/pie'),
            }),
          );
        }
        await tx.flush();
      }
    });
  }

  private link(path: string): string {
    return new URL(path, this.config.PUBLIC_URL).toString();
  }

  /** Records a mail to the fan in `tx` (nothing for a deleted account). */
  private async mailFan(tx: EntityManager, fanId: string, message: (contact: { to: string; firstName: string }) => SendEmailPayload): Promise<void> {
    const contact = await this.contacts.contactOf(fanId, tx);
    if (contact) recordInOutbox(tx, SendEmail.create(message({ to: contact.email, firstName: contact.firstName })));
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
      const noticed = await billingDb(tx)
        .insertInto('billing.payment_failure_notices')
        .values({ invoice_id: invoice.id, attempt_count: invoice.attempt_count, fan_id: fanId })
        .onConflict((oc) => oc.doNothing())
        .returning('invoice_id')
        .execute();
      if (noticed.length === 0 || !contact) return;
      const reason = invoice.last_finalization_error?.message ?? null;
      const fixCardLink = this.link('/settings?billing=fix-card#billing');
      recordInOutbox(tx, SendEmail.create(paymentFailedMessage({ to: contact.email, firstName: contact.firstName, amountCents: invoice.amount_due, reason, fixCardLink })));
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

  /**
   * A charge's refunds → one reversing journal per refund Stripe made (`refund:<id>`), and for a
   * refund that failed afterwards (Stripe put the money back in Pie's balance) the journal that
   * gives it back (`refund_failed:<id>`).
   */
  async recordRefunds(chargeId: string): Promise<void> {
    const charge = await this.stripe.charges.retrieve(chargeId);
    const customerId = idOf(charge.customer);
    const fanId = await fanOfCustomer(this.database.em(), this.stripe, charge.customer);
    if (!fanId || !customerId) return;
    for await (const refund of this.stripe.refunds.list({ charge: chargeId, limit: 100 })) {
      // A refund that failed had succeeded first (the money left, then came back): book both.
      if (refund.status !== 'succeeded' && refund.status !== 'failed') continue;
      const key = `refund:${refund.id}`;
      if (!(await this.ledger.journalByKey(key))) {
        await this.catchUpPaidInvoices(customerId, refund.created);
        await this.postReversal(fanId, {
          kind: JOURNAL_KINDS.refund,
          key,
          amountCents: refund.amount,
          occurredAt: new Date(refund.created * 1000),
          references: { fanId, stripeRefundId: refund.id, stripeChargeId: chargeId },
        });
      }
      if (refund.status === 'failed') await this.giveBackFailedRefund(fanId, refund);
    }
  }

  /**
   * A failed refund's money is back at Stripe: the refund is undone where it took the money from
   * (the fan's wallet, that fan's allocations in escrow, the platform's loss), as a won dispute is.
   * Money back in the wallet is announced by the ledger; billing's credited-wallet settlement
   * returns it if the fan's pie is over or the fan deleted their account.
   */
  private async giveBackFailedRefund(fanId: string, refund: Stripe.Refund): Promise<void> {
    await this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      const key = `${JOURNAL_KINDS.refundFailed}:${refund.id}`;
      if (await this.ledger.journalByKey(key, { em: tx })) return;
      const original = await this.ledger.journalByKey(`refund:${refund.id}`, { em: tx });
      if (!original) return;
      await this.ledger.post(
        {
          kind: JOURNAL_KINDS.refundFailed,
          idempotencyKey: key,
          occurredAt: new Date(),
          references: { fanId, stripeRefundId: refund.id, stripeChargeId: idOf(refund.charge), stripeBalanceTransactionId: idOf(refund.failure_balance_transaction ?? null) },
          postings: undoingPostings(original),
        },
        { em: tx },
      );
    });
  }

  /**
   * A dispute moves money only when Stripe's balance transactions say so (DESIGN §5): an inquiry
   * (`warning_*`) has none and books nothing. The withdrawal (negative amount) reverses the amount
   * like a refund (`dispute:<id>`); its fee is booked as Stripe charged it (`dispute_fee:<txn>`, a
   * platform loss); a reinstatement (positive amount, the dispute won) gives the amount back where
   * it was taken from (`dispute_won:<id>`), and a fee Stripe returns (negative fee) comes back too.
   */
  async recordDispute(disputeId: string): Promise<void> {
    const dispute = await this.stripe.disputes.retrieve(disputeId, { expand: ['balance_transactions'] });
    const chargeId = idOf(dispute.charge);
    if (!chargeId) return;
    const charge = await this.stripe.charges.retrieve(chargeId);
    const customerId = idOf(charge.customer);
    const fanId = await fanOfCustomer(this.database.em(), this.stripe, charge.customer);
    if (!fanId || !customerId) return;
    const movements = [...dispute.balance_transactions].sort((a, b) => a.created - b.created);
    for (const movement of movements) {
      if (movement.amount < 0) {
        const key = `dispute:${dispute.id}`;
        if (!(await this.ledger.journalByKey(key))) {
          await this.catchUpPaidInvoices(customerId, movement.created);
          await this.postReversal(fanId, {
            kind: JOURNAL_KINDS.dispute,
            key,
            amountCents: -movement.amount,
            occurredAt: new Date(movement.created * 1000),
            references: { fanId, stripeDisputeId: dispute.id, stripeChargeId: chargeId, stripeBalanceTransactionId: movement.id },
          });
        }
      } else if (movement.amount > 0) {
        await this.reinstateDispute(fanId, dispute, movement);
      }
      await this.bookDisputeFee(fanId, dispute, movement);
    }
  }

  /** Stripe's dispute fee on one of the dispute's balance transactions: the platform's cost (or, negative, returned: processor_fees may not go below zero, which a returned fee never makes it). */
  private async bookDisputeFee(fanId: string, dispute: Stripe.Dispute, movement: Stripe.BalanceTransaction): Promise<void> {
    if (movement.fee === 0) return;
    await this.ledger.post({
      kind: JOURNAL_KINDS.disputeFee,
      idempotencyKey: `${JOURNAL_KINDS.disputeFee}:${movement.id}`,
      occurredAt: new Date(movement.created * 1000),
      references: { fanId, stripeDisputeId: dispute.id, stripeBalanceTransactionId: movement.id },
      // Like every fee Stripe keeps, it is posted into processor_fees; the platform bears it (refunds).
      postings: [
        { account: accounts.processorFees, amountCents: movement.fee },
        { account: accounts.refunds, amountCents: -movement.fee },
      ],
    });
  }

  /**
   * Funds reinstated (the dispute won): the amount goes back where the withdrawal took it from
   * (the wallet, the escrows, the platform's loss). A reinstatement of another amount than was
   * withdrawn (Stripe does not do this for card disputes) only settles the platform's loss.
   */
  private async reinstateDispute(fanId: string, dispute: Stripe.Dispute, movement: Stripe.BalanceTransaction): Promise<void> {
    const original = await this.ledger.journalByKey(`dispute:${dispute.id}`);
    if (!original) return;
    const withdrawn = original.postings.filter((posting) => posting.account === accounts.stripeClearing).reduce((sum, posting) => sum + posting.amountCents, 0);
    const postings =
      withdrawn === movement.amount
        ? undoingPostings(original)
        : [
            { account: accounts.stripeClearing, amountCents: -movement.amount },
            { account: accounts.refunds, amountCents: movement.amount },
          ];
    await this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      await this.ledger.post(
        {
          kind: JOURNAL_KINDS.disputeWon,
          idempotencyKey: `dispute_won:${dispute.id}`,
          occurredAt: new Date(movement.created * 1000),
          references: { fanId, stripeDisputeId: dispute.id, stripeBalanceTransactionId: movement.id },
          postings,
        },
        { em: tx },
      );
    });
  }

  private async postReversal(
    fanId: string,
    reversal: { kind: typeof JOURNAL_KINDS.refund | typeof JOURNAL_KINDS.dispute; key: string; amountCents: number; occurredAt: Date; references: Record<string, string | null> },
    extraLossCents = 0,
  ): Promise<void> {
    await this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      if (await this.ledger.journalByKey(reversal.key, { em: tx })) return;
      const wallet = accounts.fanWallet(fanId);
      // The escrows where this fan's own money is (never another fan's: escrow is held per fan).
      const read = () => this.ledger.fanEscrowHoldings(fanId, { em: tx });
      await this.ledger.lockAccounts([wallet, ...(await read()).keys()], { em: tx });
      // A pie close that held the wallet while we waited for it may have paid into escrows read
      // before it committed: read again under the wallet's lock (no close can post without it).
      const held = await read();
      await this.ledger.lockAccounts([...held.keys()], { em: tx });
      const escrowHeld = [...(await read())].map(([account, cents]) => ({ account, cents }));
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

/** The legs that put a journal's money back where it came from; each escrow leg keeps its fan. */
function undoingPostings(journal: StoredJournal): StoredJournal['postings'] {
  return journal.postings.map((posting) => ({ ...posting, amountCents: -posting.amountCents }));
}
