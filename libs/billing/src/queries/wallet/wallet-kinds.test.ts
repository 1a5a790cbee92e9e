import { describe, expect, it } from 'vitest';
import { JOURNAL_KINDS } from '#pie/ledger';
import { WALLET_TYPE_KINDS, walletTypeOf } from './wallet-kinds.js';

describe('walletTypeOf', () => {
  it('names every journal kind that moves a fan’s wallet by what it is, whichever way the money goes', () => {
    const cases: [kind: string, cents: number, type: string][] = [
      [JOURNAL_KINDS.invoicePaid, 841, 'payment'],
      // The demo's own funding (outside the ledger's kinds): a payment, by its direction.
      ['demo_funding', 841, 'payment'],
      [JOURNAL_KINDS.promoGrant, 500, 'promotion'],
      [JOURNAL_KINDS.promoReturned, -300, 'promotion'],
      [JOURNAL_KINDS.piePeriodClosed, -841, 'given_to_artists'],
      [JOURNAL_KINDS.escrowExpired, 120, 'returned_from_escrow'],
      [JOURNAL_KINDS.refundFailed, 841, 'refund'],
      [JOURNAL_KINDS.refund, -841, 'refund'],
      [JOURNAL_KINDS.dispute, -841, 'dispute'],
      [JOURNAL_KINDS.disputeWon, 841, 'dispute'],
    ];
    expect(cases.map(([kind, cents]) => [kind, cents, walletTypeOf(kind, cents)])).toEqual(cases);
  });

  it('shows a kind it does not know by direction, and never as money returned from escrow', () => {
    expect(walletTypeOf('something_new', 841)).toBe('payment');
    expect(walletTypeOf('something_new', -841)).toBe('given_to_artists');
  });

  it('filters by type with the same kinds it names: each kind belongs to one type', () => {
    const kinds = Object.values(WALLET_TYPE_KINDS).flat();
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const [type, ofType] of Object.entries(WALLET_TYPE_KINDS)) for (const kind of ofType) expect(walletTypeOf(kind, 1)).toBe(type);
  });
});
