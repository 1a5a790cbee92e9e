import { Inject, Injectable } from '@nestjs/common';
import { formatCents } from '#pie/contracts';
import { FanContacts } from '#pie/identity';
import type { FanWalletCreditedPayload } from '#pie/ledger/events';
import { SendEmail } from '#pie/notifications';
import { finishPiesIfOver } from '#pie/pies';
import { APP_CONFIG, Database, handleOnce, recordInOutbox, type AppConfig } from '#pie/platform';
import { walletTypeOf } from '../queries/wallet/wallet-kinds.js';
import { StripeGateway } from '../stripe/stripe-gateway.js';
import { ACCOUNT_DELETED_REFUND_REASON } from './deleted-fan-settlement.js';
import { escrowReturnedMessage } from './escrow-returned-email.js';
import { hasRunningSubscription, lockFan } from './subscription-store.js';
import { WalletReturn } from './wallet-return.js';
import { JOURNAL_KINDS } from '#pie/ledger';

/**
 * Money landed in a fan's wallet (`ledger.fan-wallet-credited.v1`, which the ledger records with
 * every journal that credits a wallet): does it wait for the fan's next close, or must it go back to
 * the fan now? The one place that decides (libs/billing/README.md, "Money that lands in a wallet"):
 *
 * - **Money that funds a period** (a payment, the promotion) is that period's: its close splits it,
 *   and a pie over after that close returns the rest (`pies.pie-finished.v1`). Nothing here.
 * - **The fan deleted their account**: nothing of theirs may wait for a close, so the wallet is
 *   returned now (`WalletReturn`: refunded to the card where Stripe allows) — unless a subscription
 *   still runs, which means the deletion's own settlement has not run yet and will return it. No
 *   e-mail: Pie holds no address for a deleted account (the refund shows on the card's statement).
 * - **Otherwise** pies decides whether the fan's pie is over (`finishPiesIfOver`): if it is, it
 *   records `pies.pie-finished.v1` again and the wallet goes back the way every pie that is over
 *   gives it back, with that return's one e-mail. If not, the money waits for the next close, and
 *   escrow that expired back to the wallet is told to the fan then (one e-mail either way, never both).
 *
 * Once per event (inbox row with the effect).
 */
@Injectable()
export class CreditedWalletSettlement {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(WalletReturn) private readonly walletReturn: WalletReturn,
    @Inject(FanContacts) private readonly contacts: FanContacts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async settle(input: { credit: FanWalletCreditedPayload; eventId: string; consumer: string }): Promise<void> {
    const { credit } = input;
    const type = walletTypeOf(credit.journalKind, credit.amountCents);
    if (type === 'payment' || type === 'promotion') return;
    if (await this.contacts.isDeleted(credit.fanId)) return this.returnToDeletedFan(input);
    const contact = type === 'returned_from_escrow' ? await this.contacts.contactOf(credit.fanId) : null;
    await handleOnce(this.database.em(), input.consumer, input.eventId, async (tx) => {
      const finished = await finishPiesIfOver(tx, [credit.fanId]);
      // Over: the wallet's return tells the fan where this money went, in its one e-mail.
      if (finished.length > 0 || !contact) return;
      const pieLink = new URL('/pie', this.config.PUBLIC_URL).toString();
      recordInOutbox(
        tx,
        SendEmail.create(escrowReturnedMessage({ to: contact.email, firstName: contact.firstName, amount: formatCents(credit.amountCents), days: this.config.ESCROW_EXPIRY_DAYS, pieLink })),
      );
      await tx.flush();
    });
  }

  private async returnToDeletedFan(input: { credit: FanWalletCreditedPayload; eventId: string; consumer: string }): Promise<void> {
    const { fanId } = input.credit;
    const charges = await this.walletReturn.bookStripeMoney(fanId);
    await handleOnce(this.database.em(), input.consumer, input.eventId, async (tx) => {
      await lockFan(tx, fanId);
      if (await hasRunningSubscription(tx, this.gateway.stripe, fanId)) return;
      await this.walletReturn.giveBack(tx, {
        fanId,
        charges,
        reason: ACCOUNT_DELETED_REFUND_REASON,
        stripeKey: `wallet-credited:${input.eventId}`,
        promotionKey: `${JOURNAL_KINDS.promoReturned}:${fanId}:${input.eventId}`,
      });
    });
  }
}
