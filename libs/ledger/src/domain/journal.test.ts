import { describe, expect, it } from 'vitest';
import { accounts, parseAccount } from './accounts.js';
import { canonicalPostings, escrowLinesToWrite, InvalidJournalError, samePostings, singleEscrowFan, type JournalInput } from './journal.js';
import type { JournalKind } from './journal-kinds.js';

const fan = '7b0c6f4e-3a51-4a7e-9d58-2f1c0e6d9a10';
const base: JournalInput = { kind: 'invoice_paid', idempotencyKey: 'k1', occurredAt: new Date(), postings: [] };

describe('canonicalPostings', () => {
  it('merges legs on one account, drops zeros and sorts by account', () => {
    const postings = canonicalPostings({
      ...base,
      postings: [
        { account: accounts.stripeClearing, amountCents: -1000 },
        { account: accounts.fanWallet(fan), amountCents: 600 },
        { account: accounts.fanWallet(fan), amountCents: 300 },
        { account: accounts.platformFees, amountCents: 100 },
        { account: accounts.refunds, amountCents: 0 },
      ],
    });
    expect(postings).toEqual([
      { account: `fan_wallet:${fan}`, amountCents: 900n },
      { account: 'platform_fees', amountCents: 100n },
      { account: 'stripe_clearing', amountCents: -1000n },
    ]);
    const reordered = canonicalPostings({ ...base, postings: [...base.postings, { account: accounts.platformFees, amountCents: 100 }, { account: accounts.fanWallet(fan), amountCents: 900 }, { account: accounts.stripeClearing, amountCents: -1000 }] });
    expect(samePostings(postings, reordered)).toBe(true);
  });

  it('refuses unbalanced, one-sided and fractional journals', () => {
    expect(() => canonicalPostings({ ...base, postings: [{ account: accounts.stripeClearing, amountCents: -1 }, { account: accounts.platformFees, amountCents: 2 }] })).toThrow(InvalidJournalError);
    expect(() => canonicalPostings({ ...base, postings: [{ account: accounts.platformFees, amountCents: 5 }, { account: accounts.platformFees, amountCents: -5 }] })).toThrow(/moves no money/);
    expect(() => canonicalPostings({ ...base, postings: [{ account: accounts.platformFees, amountCents: 0.5 }, { account: accounts.stripeClearing, amountCents: -0.5 }] })).toThrow(/whole number/);
  });

  it('refuses a kind that is not snake_case (past the type: a cast, a script)', () => {
    expect(() => canonicalPostings({ ...base, kind: 'Invoice Paid' as JournalKind, postings: [] })).toThrow(/snake_case/);
  });
});

describe('parseAccount', () => {
  it('knows which accounts may go negative and refuses unknown codes', () => {
    expect(parseAccount('stripe_clearing').allowNegative).toBe(true);
    expect(parseAccount('refunds').allowNegative).toBe(true);
    expect(parseAccount(accounts.fanWallet(fan))).toEqual({ code: `fan_wallet:${fan}`, kind: 'fan_wallet', ownerId: fan, allowNegative: false });
    for (const bad of ['fan_wallet', 'stripe_clearing:' + fan, 'fan_wallet:abc', 'wallet:' + fan, `fan_wallet:${fan}:x`]) {
      expect(() => parseAccount(bad)).toThrow(/Not a ledger account/);
    }
  });
});

describe('singleEscrowFan', () => {
  const other = '0d9e3f1a-5b2c-4c7d-8e6f-1a2b3c4d5e6f';
  const [artistA, artistB] = ['11111111-2222-4333-8444-555555555555', '66666666-7777-4888-8999-aaaaaaaaaaaa'];
  const escrow = (postings: JournalInput['postings']) => canonicalPostings({ ...base, postings });

  it('names the fan of a close (every escrow leg that fan’s money) and writes no lines for it', () => {
    const postings = escrow([
      { account: accounts.fanWallet(fan), amountCents: -500 },
      { account: accounts.artistEscrow(artistA), amountCents: 300, fanId: fan },
      { account: accounts.artistEscrow(artistB), amountCents: 200, fanId: fan },
    ]);
    expect(singleEscrowFan(postings)).toBe(fan);
    expect(escrowLinesToWrite(postings)).toEqual([]);
  });

  it('names nobody when the journal moves several fans’ escrow money, or none, and then writes every line', () => {
    const release = escrow([
      { account: accounts.artistEscrow(artistA), amountCents: -300, fanId: fan },
      { account: accounts.artistEscrow(artistA), amountCents: -100, fanId: other },
      { account: accounts.refunds, amountCents: 400 },
    ]);
    expect(singleEscrowFan(release)).toBeNull();
    expect(escrowLinesToWrite(release)).toHaveLength(2);
    const twoEscrows = escrow([
      { account: accounts.artistEscrow(artistA), amountCents: -300, fanId: fan },
      { account: accounts.artistEscrow(artistB), amountCents: -100, fanId: other },
      { account: accounts.refunds, amountCents: 400 },
    ]);
    expect(singleEscrowFan(twoEscrows)).toBeNull();
    expect(escrowLinesToWrite(twoEscrows)).toHaveLength(2);
    expect(singleEscrowFan(escrow([{ account: accounts.stripeClearing, amountCents: -1 }, { account: accounts.fanWallet(fan), amountCents: 1 }]))).toBeNull();
  });
});

