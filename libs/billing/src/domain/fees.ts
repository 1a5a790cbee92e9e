/** `round(amount × bps / 10000)`, halves up, in integer arithmetic. */
export function platformFeeCents(grossCents: number, feeBps: number): number {
  return Math.floor((grossCents * feeBps + 5_000) / 10_000);
}

/**
 * Stripe's US card fee (2.9% + 30¢, the percentage rounded halves up), to show the fan before
 * paying. The ledger always posts the fee Stripe actually charged (the balance transaction's).
 */
export function estimatedCardFeeCents(amountCents: number): number {
  return Math.floor((amountCents * 29 + 500) / 1_000) + 30;
}

export interface PaymentSplit {
  grossCents: number;
  processorFeeCents: number;
  platformFeeCents: number;
  walletCreditCents: number;
}

/** Gross → processor fee, platform fee and the rest for the fan's wallet (never below zero). */
export function splitPayment(grossCents: number, processorFeeCents: number, feeBps: number): PaymentSplit {
  const processor = Math.min(processorFeeCents, grossCents);
  const platform = Math.min(platformFeeCents(grossCents, feeBps), grossCents - processor);
  return { grossCents, processorFeeCents: processor, platformFeeCents: platform, walletCreditCents: grossCents - processor - platform };
}
