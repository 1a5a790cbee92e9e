import { parseAccount, type AccountCode, type ParsedAccount } from './accounts.js';
import type { JournalKind } from './journal-kinds.js';

export interface PostingInput {
  account: AccountCode | string;
  /** Signed integer cents: positive flows into the account, negative out of it. */
  amountCents: number | bigint;
  /**
   * Whose money this is, required on an `artist_escrow` account and refused elsewhere: escrow is
   * held per fan (README "Whose money an escrow holds"). Legs on one escrow for several fans
   * (a release) are one posting with a line per fan.
   */
  fanId?: string;
}

/** References to what caused the journal: Stripe ids, a pie period, a claim… (plain JSON, indexed). */
export type JournalReferences = Record<string, string | number | boolean | null>;

export interface JournalInput {
  /** What happened: one of `JOURNAL_KINDS` (`invoice_paid`, `refund`, `pie_period_closed`). */
  kind: JournalKind;
  /** Unique forever: the same key posts once. Derive it from the cause (`invoice_paid:in_123`). */
  idempotencyKey: string;
  occurredAt: Date;
  references?: JournalReferences;
  postings: PostingInput[];
}

export interface Posting {
  account: AccountCode;
  amountCents: bigint;
  /** On an escrow account: each fan's part of the posting (sorted by fan, none zero, summing to it). */
  fans?: FanPart[];
}

export interface FanPart {
  fanId: string;
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
const FAN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
  const fansByAccount = new Map<string, Map<string, bigint>>();
  for (const posting of input.postings) {
    const parsed = parse(posting.account);
    const account = parsed.code;
    if (typeof posting.amountCents === 'number' && !Number.isSafeInteger(posting.amountCents)) {
      throw new InvalidJournalError(`Posting to ${account}: ${posting.amountCents} is not a whole number of cents`);
    }
    const amount = BigInt(posting.amountCents);
    byAccount.set(account, (byAccount.get(account) ?? 0n) + amount);
    if (parsed.kind === 'artist_escrow') {
      if (!posting.fanId || !FAN_ID.test(posting.fanId)) throw new InvalidJournalError(`Posting to ${account} in "${input.idempotencyKey}" must say whose money it is (fanId)`);
      let fans = fansByAccount.get(account);
      if (!fans) fansByAccount.set(account, (fans = new Map()));
      fans.set(posting.fanId, (fans.get(posting.fanId) ?? 0n) + amount);
    } else if (posting.fanId !== undefined) {
      throw new InvalidJournalError(`Posting to ${account} in "${input.idempotencyKey}": only escrow postings name a fan`);
    }
  }
  const postings: Posting[] = [];
  for (const [account, amountCents] of byAccount) {
    const fans = fansByAccount.get(account);
    const parts = fans ? [...fans].filter(([, cents]) => cents !== 0n).map(([fanId, cents]) => ({ fanId, amountCents: cents })).sort((a, b) => (a.fanId < b.fanId ? -1 : a.fanId > b.fanId ? 1 : 0)) : undefined;
    if (amountCents === 0n) {
      if (parts && parts.length > 0) throw new InvalidJournalError(`Journal "${input.idempotencyKey}" moves money between fans within ${account}, which no journal does`);
      continue;
    }
    postings.push(parts ? { account: account as AccountCode, amountCents, fans: parts } : { account: account as AccountCode, amountCents });
  }
  postings.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  const total = postings.reduce((sum, posting) => sum + posting.amountCents, 0n);
  if (total !== 0n) throw new InvalidJournalError(`Journal "${input.idempotencyKey}" does not balance: its postings sum to ${total} cents`);
  if (postings.length < 2) throw new InvalidJournalError(`Journal "${input.idempotencyKey}" moves no money between two accounts`);
  return postings;
}

export function samePostings(a: Posting[], b: Posting[]): boolean {
  return a.length === b.length && a.every((posting, i) => posting.account === b[i].account && posting.amountCents === b[i].amountCents && sameFans(posting.fans, b[i].fans));
}

function sameFans(a: FanPart[] = [], b: FanPart[] = []): boolean {
  return a.length === b.length && a.every((part, i) => part.fanId === b[i].fanId && part.amountCents === b[i].amountCents);
}

/** Each fan's part of each escrow posting of a journal (the rows of `ledger.escrow_lines`), in posting order. */
export function escrowLinesOf(postings: Posting[]): { account: AccountCode; fanId: string; amountCents: bigint }[] {
  return postings.flatMap((posting) => (posting.fans ?? []).map((part) => ({ account: posting.account, fanId: part.fanId, amountCents: part.amountCents })));
}

/**
 * The one fan whose money every escrow leg of a journal is (a close, a refund, a dispute, an
 * expiry), or null when the journal moves no escrow money or several fans' (a release). Such a
 * journal names the fan once (`journals.escrow_fan_id`) and writes no escrow lines: its escrow
 * postings are that fan's lines (README "Whose money an escrow holds").
 */
export function singleEscrowFan(postings: Posting[]): string | null {
  let fan: string | null = null;
  for (const posting of postings) {
    if (!posting.fans) continue;
    if (posting.fans.length !== 1) return null;
    if (fan !== null && posting.fans[0].fanId !== fan) return null;
    fan = posting.fans[0].fanId;
  }
  return fan;
}

/** The escrow lines a journal writes: none when one fan's money is all it moves in escrow. */
export function escrowLinesToWrite(postings: Posting[]): { account: AccountCode; fanId: string; amountCents: bigint }[] {
  return singleEscrowFan(postings) === null ? escrowLinesOf(postings) : [];
}
