import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { StripeGateway } from '#pie/billing';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { canReceiveTransfers, lockConnectedAccount } from './connected-accounts.js';
import { isPermanentStripeError } from './stripe-errors.js';
import { isLastDayOfMonth } from './transfer-rules.js';
import { bookDueTransfer, countAttempt, failTransfer, markTransferMade, pendingTransferOf } from './transfers.js';
import { cents, type TransferRow } from './payout-rows.js';

/** The Stripe idempotency key of a booked transfer: retries after a timeout cannot make a second one. */
export const transferIdempotencyKey = (transferId: string) => `pie-transfer-${transferId}`;
/** Groups an office's transfers at Stripe (and lets a lost answer be found by listing them). */
export const transferGroupOf = (officeId: string) => `office_${officeId}`;

/**
 * Moves an office's due earnings to its Stripe account in two steps: book the transfer in the
 * ledger (one transaction, under the earnings lock), then ask Stripe with the transfer's own
 * idempotency key and record Stripe's id. A crash between the two leaves a `pending` row that the
 * next run resumes with the same key, so Stripe makes it once; Stripe's transfers always equal the
 * ledger's transfer journals.
 */
@Injectable()
export class TransferSender {
  private readonly logger = new Logger(TransferSender.name);

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Books and sends the office's due transfer, if any; answers the transfer it finished. */
  async transferDue(officeId: string, options: { monthEnd?: boolean; now?: Date } = {}): Promise<TransferRow | null> {
    const now = options.now ?? new Date();
    const booked = await this.database.transaction((tx) =>
      bookDueTransfer(tx, officeId, { thresholdCents: this.config.TRANSFER_THRESHOLD_CENTS, monthEnd: options.monthEnd ?? isLastDayOfMonth(now), now }),
    );
    if (!booked) return null;
    await this.send(booked);
    return booked;
  }

  /**
   * Finishes the office's transfer that was booked and not sent yet, if any (its account just removed
   * Pie's access, say): one Stripe already made is recorded, any other goes back to the earnings.
   */
  async settlePending(officeId: string): Promise<TransferRow | null> {
    const pending = await pendingTransferOf(this.database.em(), officeId);
    if (pending) await this.send(pending);
    return pending;
  }

  private async send(transfer: TransferRow): Promise<void> {
    const stripe = this.gateway.stripe;
    // A previous attempt may have reached Stripe with its answer lost: find it rather than ask twice
    // (the idempotency key covers 24 hours; the listing covers a resume after that). Money Stripe
    // already moved is recorded whatever has happened to the connection since. The account is the
    // one the transfer was booked for: the platform's own transfers stay listable even after that
    // account removed Pie's access.
    const earlier = transfer.attempts > 0 ? await this.findAtStripe(stripe, transfer.stripe_account_id, transfer) : null;
    if (earlier) {
      await this.database.transaction((tx) => markTransferMade(tx, transfer.id, earlier.id));
      return;
    }
    await countAttempt(this.database.em(), transfer.id);
    await this.database.transaction(async (tx) => {
      // Checked where the money is sent, not only where it was booked: an office disconnected (or an
      // account Stripe no longer lets receive transfers, or replaced by a new one) since the booking
      // gets nothing, and the money and its fee go back to the earnings. The row stays locked until
      // Stripe has answered, so a disconnect waits for a transfer already on its way rather than
      // slipping past it.
      const now = await lockConnectedAccount(tx, transfer.office_id);
      if (!canReceiveTransfers(now) || now.stripeAccountId !== transfer.stripe_account_id) {
        this.logger.warn(`Transfer ${transfer.id} for office ${transfer.office_id} not sent: the office can no longer receive transfers`);
        await failTransfer(tx, transfer, 'Not sent: the office could no longer receive transfers (disconnected, or its Stripe account no longer enabled)');
        return;
      }
      let made: Stripe.Transfer;
      try {
        made = await stripe.transfers.create(
          {
            amount: cents(transfer.amount_cents),
            currency: 'usd',
            destination: now.stripeAccountId,
            transfer_group: transferGroupOf(transfer.office_id),
            metadata: { pie_transfer_id: transfer.id, office_id: transfer.office_id },
          },
          { idempotencyKey: transferIdempotencyKey(transfer.id) },
        );
      } catch (error) {
        if (!isPermanentStripeError(error)) throw error; // timeouts, 5xx, rate limits: the job retries with the same key
        this.logger.warn(`Stripe refused transfer ${transfer.id} for office ${transfer.office_id}: ${(error as Error).message}`);
        await failTransfer(tx, transfer, (error as Error).message);
        return;
      }
      await markTransferMade(tx, transfer.id, made.id);
    });
  }

  private async findAtStripe(stripe: Stripe, destination: string, transfer: TransferRow): Promise<Stripe.Transfer | null> {
    for await (const candidate of stripe.transfers.list({ destination, transfer_group: transferGroupOf(transfer.office_id), limit: 100 })) {
      if (candidate.metadata?.pie_transfer_id === transfer.id) return candidate;
    }
    return null;
  }
}
