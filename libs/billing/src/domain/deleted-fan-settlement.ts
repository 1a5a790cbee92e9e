import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { accounts, Ledger, JOURNAL_KINDS } from '#pie/ledger';
import { SendEmail } from '#pie/notifications';
import { Database, handleOnce, recordInOutbox } from '#pie/platform';
import { StripeGateway } from '../stripe/stripe-gateway.js';
import { accountDeletedMessage } from './account-deleted-email.js';
import { stripeCustomerOf } from './customers.js';
import { StripeEventProcessor } from './stripe-event-processor.js';
import { cancelPromoSubscription, lockFan } from './subscription-store.js';
import { ENDED_SUBSCRIPTION_STATUSES, hasEnded } from './subscription-statuses.js';
import { WalletReturn } from './wallet-return.js';
import { sql } from 'kysely';
import { billingDb } from '../db/billing-db.js';

/** Marks the refunds Pie makes when a fan deletes their account (Stripe metadata). */
export const ACCOUNT_DELETED_REFUND_REASON = 'account_deleted';

/**
 * What happens to a fan's money when they delete their account (libs/billing/README.md, "Deleting
 * an account"):
 *
 * 1. Every running subscription ends now (`DELETE /v1/subscriptions/:id` with Stripe's defaults:
 *    no final invoice, no proration credit; Stripe stops collecting open invoices); the free pie ends.
 * 2. Every payment Stripe took is booked first, so the wallet is complete.
 * 3. Under the fan's lock, the wallet is returned (`WalletReturn.giveBack`, shared with a pie that is
 *    over): the promotion not yet given to artists goes back to `promo_pool`, the rest — money no
 *    artist has been allocated — is refunded to the card, newest charge first. Allocations to
 *    artists stay theirs.
 * 4. One e-mail says all of it, to the address the fan had before deleting.
 *
 * Idempotent: step 3 runs once per event (inbox); a retry after Stripe refunded but before the
 * ledger commit finds those refunds (they carry `pie_reason: account_deleted`) and waits for them to
 * be booked before refunding only what the wallet still holds.
 */
@Injectable()
export class DeletedFanSettlement {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(StripeEventProcessor) private readonly processor: StripeEventProcessor,
    @Inject(WalletReturn) private readonly walletReturn: WalletReturn,
  ) {}

  private get stripe(): Stripe {
    return this.gateway.stripe;
  }

  async settle(input: { fanId: string; eventId: string; consumer: string; contact: { email: string; firstName: string } | null }): Promise<void> {
    const { fanId, eventId } = input;
    const customerId = await stripeCustomerOf(this.database.em(), fanId);
    const { subscriptions } = await billingDb(this.database.em())
      .selectFrom('billing.subscriptions')
      .select(sql<number>`count(*)::int`.as('subscriptions'))
      .where('fan_id', '=', fanId)
      .executeTakeFirstOrThrow();
    if (!customerId && subscriptions === 0 && (await this.ledger.balanceOf(accounts.fanWallet(fanId))) === 0) {
      // A fan who never paid and holds nothing: no money to settle and nothing to tell.
      await handleOnce(this.database.em(), input.consumer, eventId, async () => {});
      return;
    }
    const subscriptionCanceled = await this.endSubscriptions(fanId, eventId);
    const charges = await this.walletReturn.bookStripeMoney(fanId);

    await handleOnce(this.database.em(), input.consumer, eventId, async (tx) => {
      await lockFan(tx, fanId);
      const returned = await this.walletReturn.giveBack(tx, {
        fanId,
        charges,
        reason: ACCOUNT_DELETED_REFUND_REASON,
        stripeKey: `account-deleted:${eventId}`,
        promotionKey: `${JOURNAL_KINDS.promoReturned}:${fanId}`,
      });
      if (input.contact) {
        recordInOutbox(tx, SendEmail.create(accountDeletedMessage({ to: input.contact.email, firstName: input.contact.firstName, ...returned, subscriptionCanceled })));
        await tx.flush();
      }
    });
  }

  /** Ends the fan's running subscriptions now; true if there was one. */
  private async endSubscriptions(fanId: string, eventId: string): Promise<boolean> {
    const rows = await billingDb(this.database.em()).selectFrom('billing.subscriptions').selectAll().where('fan_id', '=', fanId).where('status', 'not in', ENDED_SUBSCRIPTION_STATUSES).execute();
    for (const row of rows) {
      if (row.promo) {
        await this.database.transaction(async (tx) => {
          await lockFan(tx, fanId);
          await cancelPromoSubscription(tx, fanId, row.id);
        });
        continue;
      }
      const subscription = await this.stripe.subscriptions.retrieve(row.id);
      if (!hasEnded(subscription.status)) {
        await this.stripe.subscriptions.cancel(row.id, { invoice_now: false, prorate: false, cancellation_details: { comment: 'Pie account deleted' } }, { idempotencyKey: `account-deleted:${eventId}:${row.id}` });
      }
      await this.processor.syncSubscription(row.id);
    }
    return rows.length > 0;
  }
}
