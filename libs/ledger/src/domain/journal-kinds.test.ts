import { describe, expect, it } from 'vitest';
import { isJournalKind, JOURNAL_KINDS } from './journal-kinds.js';

describe('JOURNAL_KINDS', () => {
  it('names each kind once, in snake_case (the stored names)', () => {
    const names = Object.values(JOURNAL_KINDS);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('tells a registered kind from anything else read back or sent in', () => {
    expect(isJournalKind('pie_period_closed')).toBe(true);
    expect(isJournalKind('invoice_paid')).toBe(true);
    // The demo's and the tests' own kinds, a kind nothing posts, a near miss, a prototype key.
    for (const other of ['demo_funding', 'test_funding', 'escrow_returned', 'invoice_payed', 'toString', '']) expect(isJournalKind(other)).toBe(false);
  });
});
