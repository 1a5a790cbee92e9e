import { Inject, Injectable } from '@nestjs/common';
import { FanContacts } from '#pie/identity';
import { SendEmail } from '#pie/notifications';
import { Database, handleOnce, recordInOutbox, type EntityManager } from '#pie/platform';
import { StripeGateway } from '../stripe/stripe-gateway.js';
import { pieEndedMessage } from './pie-ended-email.js';
import { cancelPromoSubscription, hasRunningSubscription, lockFan } from './subscription-store.js';
import { ENDED_SUBSCRIPTION_STATUSES } from './subscription-statuses.js';
import { WalletReturn } from './wallet-return.js';
import { JOURNAL_KINDS } from '#pie/ledger';
import { billingDb } from '../db/billing-db.js';

/** Marks the refunds Pie makes when a fan's pie is over (Stripe metadata). */
export const PIE_ENDED_REFUND_REASON = 'pie_ended';

/**
 * A fan's pie is over (pies' `pies.pie-finished.v1`: no live pie, every period closed), so no close
 * will ever split what the wallet still holds — money of a period with no listening that rolled
 * over, most often. It goes back to the fan (libs/billing/README.md, "When a pie is over"):
 *
 * 1. Every payment and refund Stripe has is booked, so the wallet is complete.
 * 2. Under the fan's lock: the free pie's row ends if it was the pie that finished (it never renews);
 *    then, if the fan has a running subscription after all — a new pie started since the event was
 *    recorded, in billing's rows or already at Stripe — nothing moves: the money is the new pie's.
 * 3. Otherwise the wallet is returned (`WalletReturn.giveBack`, as on deletion): the promotion no
 *    artist got back to `promo_pool`, the rest refunded to the card(s), newest charge first.
 * 4. One e-mail, when anything moved or stayed: how much went back to which card.
 *
 * Once per event (inbox row in the same transaction as the journals and the e-mail); a duplicate
 * event finds the wallet empty and does nothing. A retry after Stripe refunded but before the
 * commit waits for those refunds to be booked, then refunds only what the wallet still holds.
 */
@Injectable()
export class FinishedPieSettlement {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(WalletReturn) private readonly walletReturn: WalletReturn,
    @Inject(FanContacts) private readonly contacts: FanContacts,
  ) {}

  async settle(input: { fanId: string; pieId: string; eventId: string; consumer: string }): Promise<void> {
    const { fanId, pieId, eventId } = input;
    const charges = await this.walletReturn.bookStripeMoney(fanId);
    const contact = await this.contacts.contactOf(fanId);
    await handleOnce(this.database.em(), input.consumer, eventId, async (tx) => {
      await lockFan(tx, fanId);
      await this.endFinishedPromotion(tx, fanId, pieId);
      if (await hasRunningSubscription(tx, this.gateway.stripe, fanId)) return;
      const returned = await this.walletReturn.giveBack(tx, {
        fanId,
        charges,
        reason: PIE_ENDED_REFUND_REASON,
        stripeKey: `pie-finished:${eventId}`,
        promotionKey: `${JOURNAL_KINDS.promoReturned}:${fanId}:${eventId}`,
      });
      const anything = returned.refunds.length > 0 || returned.promotionReturnedCents > 0 || returned.keptCents > 0;
      if (!anything || !contact) return;
      recordInOutbox(tx, SendEmail.create(pieEndedMessage({ to: contact.email, firstName: contact.firstName, ...returned })));
      await tx.flush();
    });
  }

  /** The free pie has no Stripe object to end it: its row ends with the pie (its one period closed). */
  private async endFinishedPromotion(tx: EntityManager, fanId: string, pieId: string): Promise<void> {
    const rows = await billingDb(tx)
      .selectFrom('billing.subscriptions')
      .select('id')
      .where('fan_id', '=', fanId)
      .where('promo', '=', true)
      .where('pie_id', '=', pieId)
      .where('status', 'not in', ENDED_SUBSCRIPTION_STATUSES)
      .execute();
    for (const row of rows) await cancelPromoSubscription(tx, fanId, row.id);
  }
}
