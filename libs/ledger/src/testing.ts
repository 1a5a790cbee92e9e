// For tests only (never imported by production code): journal kinds of money tests move by hand.
import type { JournalKind } from './domain/journal-kinds.js';

/**
 * Journal kinds only tests post: money put into a wallet or an escrow without the payment that
 * would bring it (`funding`, `topUp`), or taken out without a close (`spend`). They are outside
 * `JOURNAL_KINDS` on purpose, so no production code can post them; this is the one place they
 * pass the type.
 */
export const TEST_JOURNAL_KINDS = {
  funding: 'test_funding' as JournalKind,
  topUp: 'test_top_up' as JournalKind,
  spend: 'test_spend' as JournalKind,
} as const;
// The errors a refused posting throws (other modules only ever catch InsufficientBalanceError).
export { InvalidJournalError, IdempotencyConflictError } from './domain/journal.js';
