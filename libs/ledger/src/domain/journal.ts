import { parseAccount, type AccountCode, type ParsedAccount } from './accounts.js';

export interface PostingInput {
  account: AccountCode | string;
  /** Signed integer cents: positive flows into the account, negative out of it. */
  amountCents: number | bigint;
}

/** References to what caused the journal: Stripe ids, a pie period, a claim… (plain JSON, indexed). */
export type JournalReferences = Record<string, string | number | boolean | null>;

export interface JournalInput {
  /** What happened, snake_case (`invoice_paid`, `refund`, `pie_period_closed`). */
  kind: string;
  /** Unique forever: the same key posts once. Derive it from the cause (`invoice_paid:in_123`). */
  idempotencyKey: string;
  occurredAt: Date;
  references?: JournalReferences;
  postings: PostingInput[];
}

export interface Posting {
  account: AccountCode;
  amountCents: bigint;
}

export class InvalidJournalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidJournalError';
  }
}

/** The same idempotency key was posted before with different content. */
export class IdempotencyConflictError extends Error {
  constructor(readonly idempotencyKey: string, readonly journalId: string) {
    super(`Ledger idempotency key "${idempotencyKey}" was already used by journal ${journalId} with different postings`);
    this.name = 'IdempotencyConflictError';
  }
}

const KIND = /^[a-z][a-z0-9_]*$/;

/**
 * Checks a journal before it reaches Postgres (which checks the balance again at commit) and returns
 * its postings in canonical form: legs on the same account merged, zero legs dropped, sorted by
 * account (so account rows are always locked in the same order and two equal journals compare equal).
 * `parse` checks each account code (a batch passes a memo of `parseAccount`: its journals share codes).
 */
export function canonicalPostings(input: JournalInput, parse: (code: string) => ParsedAccount = parseAccount): Posting[] {
  if (!KIND.test(input.kind)) throw new InvalidJournalError(`Journal kind "${input.kind}" must be snake_case`);
  if (!input.idempotencyKey || input.idempotencyKey.length > 300) throw new InvalidJournalError('A journal needs an idempotency key of 1 to 300 characters');
  if (!(input.occurredAt instanceof Date) || Number.isNaN(input.occurredAt.getTime())) throw new InvalidJournalError('A journal needs a valid occurredAt');
  const byAccount = new Map<string, bigint>();
  for (const posting of input.postings) {
    const account = parse(posting.account).code;
    if (typeof posting.amountCents === 'number' && !Number.isSafeInteger(posting.amountCents)) {
      throw new InvalidJournalError(`Posting to ${account}: ${posting.amountCents} is not a whole number of cents`);
    }
    byAccount.set(account, (byAccount.get(account) ?? 0n) + BigInt(posting.amountCents));
  }
  const postings = [...byAccount]
    .filter(([, amount]) => amount !== 0n)
    .map(([account, amountCents]) => ({ account: account as AccountCode, amountCents }))
    .sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  const total = postings.reduce((sum, posting) => sum + posting.amountCents, 0n);
  if (total !== 0n) throw new InvalidJournalError(`Journal "${input.idempotencyKey}" does not balance: its postings sum to ${total} cents`);
  if (postings.length < 2) throw new InvalidJournalError(`Journal "${input.idempotencyKey}" moves no money between two accounts`);
  return postings;
}

export function samePostings(a: Posting[], b: Posting[]): boolean {
  return a.length === b.length && a.every((posting, i) => posting.account === b[i].account && posting.amountCents === b[i].amountCents);
}
