import { describe, expect, it } from 'vitest';
import { BILLING_JOURNAL_KINDS } from '../../domain/stripe-event-processor.js';
import { WALLET_TYPE_KINDS, walletTypeOf } from './wallet-kinds.js';

describe('walletTypeOf', () => {
  it('names every journal kind that moves a fan’s wallet by what it is, whichever way the money goes', () => {
    const cases: [kind: string, cents: number, type: string][] = [
      [BILLING_JOURNAL_KINDS.invoicePaid, 841, 'payment'],
      ['demo_funding', 841, 'payment'],
      [BILLING_JOURNAL_KINDS.promoGrant, 500, 'promotion'],
      ['pie_period_closed', -841, 'given_to_artists'],
      ['escrow_expired', 120, 'returned_from_escrow'],
      ['escrow_returned', 120, 'returned_from_escrow'],
      [BILLING_JOURNAL_KINDS.refund, -841, 'refund'],
      [BILLING_JOURNAL_KINDS.dispute, -841, 'dispute'],
      [BILLING_JOURNAL_KINDS.disputeWon, 841, 'dispute'],
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
