import { describe, expect, it } from 'vitest';
import { accounts } from '#pie/ledger';
import { reversalPostings } from './reversal.js';
import { estimatedCardFeeCents, platformFeeCents, splitPayment } from './fees.js';

const fanId = '0a6f7c2e-5b1d-4c8e-9f3a-7d2b1e0c4a55';
const escrowA = accounts.artistEscrow('11111111-1111-4111-8111-111111111111');
const escrowB = accounts.artistEscrow('22222222-2222-4222-8222-222222222222');
const sum = (postings: { amountCents: number | bigint }[]) => postings.reduce((total, p) => total + Number(p.amountCents), 0);

describe('reversalPostings', () => {
  it('takes from the wallet while the money is there', () => {
    const postings = reversalPostings(900, { fanId, walletCents: 2_000, escrowHeld: [{ account: escrowA, cents: 500 }] });
    expect(postings).toEqual([
      { account: accounts.stripeClearing, amountCents: 900 },
      { account: accounts.fanWallet(fanId), amountCents: -900 },
    ]);
  });

  it('then from the fan\'s own holdings in escrow (each leg naming the fan), then a platform loss; never below zero', () => {
    const postings = reversalPostings(1_000, { fanId, walletCents: 300, escrowHeld: [{ account: escrowA, cents: 250 }, { account: escrowB, cents: 100 }] }, 1_500);
    expect(postings).toEqual([
      { account: accounts.stripeClearing, amountCents: 2_500 },
      { account: accounts.fanWallet(fanId), amountCents: -300 },
      { account: escrowA, amountCents: -250, fanId },
      { account: escrowB, amountCents: -100, fanId },
      { account: accounts.refunds, amountCents: -1_850 },
    ]);
    expect(sum(postings)).toBe(0);
  });
});

describe('fees', () => {
  it('rounds the platform fee halves up and leaves the wallet the rest, to the cent', () => {
    expect(platformFeeCents(1_000, 1_000)).toBe(100);
    expect(platformFeeCents(1_005, 1_000)).toBe(101);
    expect(platformFeeCents(1_004, 1_000)).toBe(100);
    expect(splitPayment(1_000, 59, 1_000)).toEqual({ grossCents: 1_000, processorFeeCents: 59, platformFeeCents: 100, walletCreditCents: 841 });
    expect(estimatedCardFeeCents(1_000)).toBe(59);
    expect(estimatedCardFeeCents(500)).toBe(45);
    expect(estimatedCardFeeCents(100)).toBe(33);
  });
});
