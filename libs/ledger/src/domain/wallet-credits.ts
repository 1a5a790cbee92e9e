import { insertIntoOutbox, type EntityManager } from '#pie/platform';
import { FanWalletCredited } from '../events/fan-wallet-credited.event.js';
import { parseAccount } from './accounts.js';
import type { JournalInput, Posting } from './journal.js';

const WALLET_PREFIX = 'fan_wallet:';

/**
 * Records `ledger.fan-wallet-credited.v1` for each fan wallet these new journals put money into, in
 * the caller's transaction (the journals'): the one signal every wallet credit gives, however it was
 * posted. Postings are canonical (one leg per account), so a wallet's leg is the journal's net on it.
 */
export async function announceWalletCredits(tx: EntityManager, journals: readonly { journalId: string; input: JournalInput; postings: readonly Posting[] }[]): Promise<void> {
  const credits = journals.flatMap(({ journalId, input, postings }) =>
    postings.flatMap((posting) => {
      // Cheapest test first: a batch of closes has many legs and credits no wallet.
      if (posting.amountCents <= 0n || !posting.account.startsWith(WALLET_PREFIX)) return [];
      const fanId = parseAccount(posting.account).ownerId!;
      return [FanWalletCredited.create({ fanId, journalId, journalKind: input.kind, amountCents: Number(posting.amountCents), occurredAt: input.occurredAt.toISOString() })];
    }),
  );
  if (credits.length > 0) await insertIntoOutbox(tx, credits);
}
