import { accounts, type JournalInput } from '#pie/ledger';
import { JOURNAL_KINDS } from '#pie/ledger';

/**
 * The `platform top-up` journal that funds free promotional pies: the platform puts its own money
 * (at Stripe, so out of stripe_clearing) into promo_pool. Post it with `Ledger.post`.
 */
export function promoPoolTopUp(options: { amountCents: number; idempotencyKey: string; occurredAt?: Date; note?: string }): JournalInput {
  if (!Number.isSafeInteger(options.amountCents) || options.amountCents <= 0) throw new RangeError('A top-up is a positive whole number of cents');
  return {
    kind: JOURNAL_KINDS.platformTopUp,
    idempotencyKey: options.idempotencyKey,
    occurredAt: options.occurredAt ?? new Date(),
    references: { note: options.note ?? 'promo pool top-up' },
    postings: [
      { account: accounts.stripeClearing, amountCents: -options.amountCents },
      { account: accounts.promoPool, amountCents: options.amountCents },
    ],
  };
}
