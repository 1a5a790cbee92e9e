/*
 * Stripe's test cards the sandbox understands, and Stripe's US card fee.
 */

export type CardOutcome =
  /** Charges succeed. */
  | 'succeeds'
  /** `card_declined` / `generic_decline` at once. */
  | 'declined'
  /** `card_declined` / `insufficient_funds` at once. */
  | 'insufficient_funds'
  /** Attaches fine, but every later charge is declined (`generic_decline`). */
  | 'fails_later';

export interface TestCard {
  number: string;
  brand: 'visa';
  last4: string;
  outcome: CardOutcome;
}

const CARDS: Record<string, CardOutcome> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000341': 'fails_later',
};

export const SUCCEEDING_CARD = '4242424242424242';

/** The test card for a typed number (spaces and dashes ignored); undefined when unknown. */
export function testCard(input: string): TestCard | undefined {
  const number = input.replace(/[\s-]/g, '');
  const outcome = CARDS[number];
  return outcome ? { number, brand: 'visa', last4: number.slice(-4), outcome } : undefined;
}

/** Stripe's US card fee, 2.9% + 30¢ in integer cents: the percentage rounded to the cent, halves up. */
export function stripeCardFee(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new Error(`Bad amount ${amountCents}`);
  return Math.floor((amountCents * 29 + 500) / 1000) + 30;
}

/** Stripe's dispute fee in the US: $15.00. */
export const DISPUTE_FEE_CENTS = 1500;
