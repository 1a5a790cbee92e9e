import { Inject, Injectable } from '@nestjs/common';
import { accounts, balanceOf, canonicalPostings, journalByKey, lockAccounts, postJournal, type JournalInput, JOURNAL_KINDS } from '#pie/ledger';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { deauthorizedAccountOf, lockDeauthorizedAccount, markDeauthorized, markDeauthorizedSettled, type DeauthorizedAccount } from './connected-accounts.js';
import { mailStripeDisconnected } from './office-mails.js';
import { TransferSender } from './transfer-sender.js';

/** The journal that books what an account held when it removed Pie's access as gone with it. */
export const accountDeauthorizedKey = (stripeAccountId: string) => `${JOURNAL_KINDS.connectedAccountDeauthorized}:${stripeAccountId}`;

/**
 * An office's Stripe account that removed Pie's access (`account.application.deauthorized`). Pie
 * can never reach it again: no transfer, payout, reversal or read. The office is disconnected, and
 * the deauthorization is settled once:
 * 1. a transfer booked for the account and not sent yet is finished: one Stripe had already made
 *    (a lost answer) is recorded, any other goes back to the office's earnings;
 * 2. what the ledger's `office_connected:<office>` then holds is money in that account, beyond
 *    Pie's reach (the office pays it out from the account's own Stripe dashboard): one
 *    `connected_account_deauthorized` journal books it out to `stripe_clearing`, as a payout does,
 *    so that `office_connected` afterwards holds what a new account of the office holds.
 * `deauthorized_accounts.settled_at` says it is done (also when there was nothing to book).
 */
@Injectable()
export class DeauthorizedAccounts {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(TransferSender) private readonly sender: TransferSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stripe's news: the office is disconnected for good (its admins told what to do, in the same
   * transaction, by the call that cut it off), then the account is settled. Repeats change nothing.
   */
  async deauthorized(stripeAccountId: string): Promise<DeauthorizedAccount | null> {
    await this.database.transaction(async (tx) => {
      const marked = await markDeauthorized(tx, stripeAccountId);
      if (marked?.newly) await mailStripeDisconnected(tx, this.config.PUBLIC_URL, marked.row.officeId, 'stripe');
    });
    return this.settle(stripeAccountId);
  }

  /** Settles the deauthorized account (see above), once; null for an account that is no office's. */
  async settle(stripeAccountId: string): Promise<DeauthorizedAccount | null> {
    const known = await deauthorizedAccountOf(this.database.em(), stripeAccountId);
    if (!known || known.settledAt) return known;
    // The office is disconnected, so the sender returns a booked transfer to the earnings unless
    // Stripe already made it. It runs before the lock below: it asks Stripe (the platform's own
    // transfers, which stay listable) and takes the connection's lock itself.
    await this.sender.settlePending(known.officeId);
    return this.database.transaction(async (tx) => {
      const row = (await lockDeauthorizedAccount(tx, stripeAccountId))!;
      if (row.settledAt) return row;
      const connected = accounts.officeConnected(row.officeId);
      await lockAccounts(tx, [connected]);
      // Until the office has a new account (which waits for this settlement), everything the ledger
      // holds for it at Stripe is in this account.
      const held = await balanceOf(tx, connected);
      const key = accountDeauthorizedKey(stripeAccountId);
      if (held > 0 && !(await journalByKey(tx, key))) {
        const input: JournalInput = {
          kind: JOURNAL_KINDS.connectedAccountDeauthorized,
          idempotencyKey: key,
          occurredAt: new Date(row.deauthorizedAt),
          references: { officeId: row.officeId, stripeAccountId },
          postings: [
            { account: connected, amountCents: -held },
            { account: accounts.stripeClearing, amountCents: held },
          ],
        };
        await postJournal(tx, input, canonicalPostings(input));
      }
      await markDeauthorizedSettled(tx, stripeAccountId, Math.max(held, 0));
      return (await lockDeauthorizedAccount(tx, stripeAccountId))!;
    });
  }
}
