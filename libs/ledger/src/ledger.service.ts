import { Injectable } from '@nestjs/common';
import { Database, type EntityManager } from '#pie/platform';
import { canonicalPostings, type JournalInput, type JournalReferences } from './domain/journal.js';
import {
  accountHistory,
  accountTotalsByReference,
  balanceOf,
  journalByKey,
  lockAccounts,
  type StoredJournal,
  postJournal,
  totalsByReference,
  type HistoryPage,
  type PostedJournal,
  type ReferenceTotal,
} from './domain/ledger-store.js';
import { fanEscrowHoldings } from './domain/escrow-holdings.js';
import { checkLedgerInvariants, type ExternalInvariant, type InvariantReport } from './domain/invariants.js';
import type { AccountCode, AccountKind } from './domain/accounts.js';

export interface InTransaction {
  /**
   * The caller's EntityManager. Inside `em.transactional(...)` the journal commits (or not) with the
   * caller's own writes; outside a transaction the ledger opens one on it.
   */
  em?: EntityManager;
}

/**
 * The ledger's facade: the only way any module moves or reads money. Knows nothing of pies or
 * Stripe: journals carry their causes as references.
 */
@Injectable()
export class Ledger {
  constructor(private readonly database: Database) {}

  /**
   * Posts a balanced journal once per idempotency key: the same key with the same postings returns
   * the existing journal (`created: false`); with different postings it throws
   * IdempotencyConflictError. An account that may not go negative never does (InsufficientBalanceError).
   */
  async post(input: JournalInput, options: InTransaction = {}): Promise<PostedJournal> {
    const postings = canonicalPostings(input);
    const write = (tx: EntityManager) => postJournal(tx, input, postings);
    if (options.em) return options.em.isInTransaction() ? write(options.em) : options.em.transactional(write);
    return this.database.transaction(write);
  }

  balanceOf(account: AccountCode | string, options: InTransaction = {}): Promise<number> {
    return balanceOf(options.em ?? this.database.em(), account);
  }

  history(account: AccountCode | string, page: { page: number; limit: number; kinds?: string[] }, options: InTransaction = {}): Promise<HistoryPage> {
    return accountHistory(options.em ?? this.database.em(), account, page);
  }

  totalsByReference(references: JournalReferences, options: InTransaction = {}): Promise<ReferenceTotal[]> {
    return totalsByReference(options.em ?? this.database.em(), references);
  }

  accountTotalsByReference(references: JournalReferences, accountKind: AccountKind, options: InTransaction = {}): Promise<Map<AccountCode, number>> {
    return accountTotalsByReference(options.em ?? this.database.em(), references, accountKind);
  }

  /** The escrows where a fan's own money is now, and how much (README "Whose money an escrow holds"). */
  fanEscrowHoldings(fanId: string, options: InTransaction = {}): Promise<Map<AccountCode, number>> {
    return fanEscrowHoldings(options.em ?? this.database.em(), fanId);
  }

  journalByKey(idempotencyKey: string, options: InTransaction = {}): Promise<StoredJournal | null> {
    return journalByKey(options.em ?? this.database.em(), idempotencyKey);
  }

  /**
   * Inside the caller's transaction: locks these accounts' rows until commit, so that balances read
   * next (to decide how much a reversal may take from a wallet) cannot change before the post.
   */
  lockAccounts(accountCodes: string[], options: Required<InTransaction>): Promise<void> {
    return lockAccounts(options.em, accountCodes);
  }

  checkInvariants(external: ExternalInvariant[] = []): Promise<InvariantReport> {
    return checkLedgerInvariants(this.database.em(), external);
  }
}
