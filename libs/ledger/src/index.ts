// Public surface of libs/ledger: the facade, account names, journal types, the invariant checks.
export { LedgerModule } from './ledger.module.js';
export { Ledger, type InTransaction } from './ledger.service.js';
export {
  accounts,
  parseAccount,
  InvalidAccountError,
  PLATFORM_ACCOUNT_KINDS,
  OWNED_ACCOUNT_KINDS,
  NEGATIVE_ALLOWED_KINDS,
  type AccountCode,
  type AccountKind,
  type ParsedAccount,
} from './domain/accounts.js';
export { JOURNAL_KINDS, isJournalKind, type JournalKind } from './domain/journal-kinds.js';
export {
  InvalidJournalError,
  IdempotencyConflictError,
  canonicalPostings,
  type JournalInput,
  type JournalReferences,
  type PostingInput,
  type Posting,
} from './domain/journal.js';
export {
  InsufficientBalanceError,
  postJournal,
  balanceOf,
  accountHistory,
  totalsByReference,
  accountTotalsByReference,
  journalByKey,
  lockAccounts,
  type StoredJournal,
  type PostedJournal,
  type AccountEntry,
  type HistoryPage,
  type ReferenceTotal,
} from './domain/ledger-store.js';
export { checkLedgerInvariants, type ExternalInvariant, type InvariantReport, type InvariantResult } from './domain/invariants.js';
export { balancesAtCutOff, lateCredits, type BalanceAtCutOff, type LateCredit } from './domain/balance-before.js';
export { postJournals } from './domain/post-many.js';
export { creditsSince, balancesSum, postingCount, accountsWithMoney, journalsOfAccounts, type JournalOfAccounts } from './domain/account-credits.js';
export {
  escrowHoldingsByFan,
  fanEscrowHoldings,
  fanEscrowTotal,
  artistEscrows,
  debitOrigins,
  type DebitOrigin,
  fanHoldingsBefore,
  creditWhereabouts,
  escrowFanMovements,
  escrowAttributionViolations,
  type CreditWhereabouts,
  type EscrowFanMovement,
} from './domain/escrow-holdings.js';
export { figureTotals, figureTotalsByDay, figureTotalsByMonth, figureByAccountAndMonth, type MoneyFigure, type FigureScope } from './domain/money-figures.js';
export { largestRemainder } from './domain/largest-remainder.js';
export { escrowByMonthAndKind, escrowRecordedBefore, escrowTotalsByFan, escrowJournalReferences, escrowJournalsOfKinds, type EscrowMonthKind, type EscrowJournalSummary } from './domain/artist-funding.js';
// Facade for the admin back office.
export { journalsPage, journalById, flowTotals, accountsByBalance, escrowsOldestFirst, oldestCreditAt, balancesOf, totalsByAccountKind, escrowWaiting, escrowMovements, type LedgerJournalView, type JournalFilter } from './domain/admin-ledger.js';
