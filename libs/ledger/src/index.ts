// Public surface of libs/ledger: the facade, account names, journal types, the invariant checks.
export { LedgerModule } from './ledger.module.js';
export { Ledger } from './ledger.service.js';
export { accounts, parseAccount, type AccountCode } from './domain/accounts.js';
export { JOURNAL_KINDS, type JournalKind } from './domain/journal-kinds.js';
export { canonicalPostings, type JournalInput, type PostingInput } from './domain/journal.js';
export {
  InsufficientBalanceError,
  postJournal,
  balanceOf,
  totalsByReference,
  accountTotalsByReference,
  journalByKey,
  lockAccounts,
  type StoredJournal,
} from './domain/ledger-store.js';
export { checkLedgerInvariants } from './domain/invariants.js';
export { balancesAtCutOff, lateCredits, type BalanceAtCutOff, type LateCredit } from './domain/balance-before.js';
export { postJournals } from './domain/post-many.js';
export { creditsSince, postingCount, accountsWithMoney, journalsOfAccounts, type JournalOfAccounts } from './domain/account-credits.js';
export {
  escrowHoldingsByFan,
  fanEscrowHoldings,
  fanEscrowTotal,
  artistEscrows,
  debitOrigins,
  fanHoldingsBefore,
  creditWhereabouts,
  escrowFanMovements,
  escrowAttributionViolations,
  type CreditWhereabouts,
} from './domain/escrow-holdings.js';
export { figureTotals, figureTotalsByDay, figureTotalsByMonth, figureByAccountAndMonth, type MoneyFigure, type FigureScope } from './domain/money-figures.js';
export { stripeBoundaryJournals, accountNetByReferenceKey } from './domain/reconciliation-reads.js';
export { largestRemainder } from './domain/largest-remainder.js';
export { escrowByMonthAndKind, escrowRecordedBefore, escrowTotalsByFan, escrowJournalReferences, escrowJournalsOfKinds } from './domain/artist-funding.js';
// Facade for the admin back office.
export { journalsPage, journalById, flowTotals, balanceListing, escrowsOldestFirst, oldestCreditAt, balancesOf, totalsByAccountKind, escrowWaiting, escrowMovements, type LedgerJournalView } from './domain/admin-ledger.js';
