import { z } from 'zod';
import {
  ARTIST_LIMIT,
  ARTIST_POPULARITY,
  parseDollarsToCents,
  PIE_AMOUNT_MAX_CENTS,
  PIE_AMOUNT_MIN_CENTS,
  PIE_DAYS,
  WALLET_MAX_PAGE_SIZE,
  WALLET_PAGE_SIZE,
} from './billing-limits.js';

/*
 * Fan payments and wallet (spec §3–4, api-endpoints Payments and Wallet rows). Bodies are strict:
 * an unknown field is a 400 naming it.
 */

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * A request's `amount`: US dollars (number or string) with at most two decimals, parsed as a decimal
 * into integer cents (never `x * 100` on a float); `outOfRange` names what else is wrong with it.
 */
export function dollarsField(outOfRange: (cents: number) => string | undefined) {
  return z.union([z.number(), z.string()], { error: 'amount must be a number of dollars, such as 12.50' }).transform((value, ctx) => {
    const parsed = parseDollarsToCents(value);
    const problem = 'error' in parsed ? parsed.error : outOfRange(parsed.cents);
    if (problem !== undefined || 'error' in parsed) {
      ctx.addIssue({ code: 'custom', message: problem ?? 'amount is not valid' });
      return z.NEVER;
    }
    return parsed.cents;
  });
}

/** US dollars (number or string), at most two decimals, $1 to $1,000 → integer cents. */
export const DollarAmount = dollarsField((cents) => (cents < PIE_AMOUNT_MIN_CENTS || cents > PIE_AMOUNT_MAX_CENTS ? 'amount must be between $1.00 and $1,000.00' : undefined));

const pieSettingsFields = {
  artistLimit: whole('artistLimit', ARTIST_LIMIT.min, ARTIST_LIMIT.max).default(ARTIST_LIMIT.default),
  artistPopularity: whole('artistPopularity', ARTIST_POPULARITY.min, ARTIST_POPULARITY.max).default(ARTIST_POPULARITY.default),
  excludeNonActive: z.boolean({ error: 'excludeNonActive must be true or false' }).default(false),
  pieDays: whole('pieDays', PIE_DAYS.min, PIE_DAYS.max).default(PIE_DAYS.default),
};

/** `POST /api/stripe/createCheckout`: `amount` in dollars becomes `amountCents`. */
export const CreateCheckoutRequest = z
  .strictObject({ amount: DollarAmount, ...pieSettingsFields })
  .transform(({ amount, ...rest }) => ({ amountCents: amount, ...rest }));
export type CreateCheckoutRequest = z.output<typeof CreateCheckoutRequest>;

/** `POST /api/stripe/createPromoSubscription`: the pie's settings; the amount is the promotion's. */
export const CreatePromoSubscriptionRequest = z.strictObject(pieSettingsFields);
export type CreatePromoSubscriptionRequest = z.output<typeof CreatePromoSubscriptionRequest>;

/** `POST /api/stripe/cancelSubscription`. */
export const CancelSubscriptionRequest = z.strictObject({
  subscriptionId: z
    .string({ error: 'subscriptionId is required' })
    .regex(/^(sub_[A-Za-z0-9]{1,250}|promo_[0-9a-f-]{36})$/, 'subscriptionId must be a subscription id such as sub_…'),
});
export type CancelSubscriptionRequest = z.output<typeof CancelSubscriptionRequest>;

/** Wallet transaction types (the `type` filter): each stands for ledger journal kinds. */
export const WALLET_TRANSACTION_TYPES = ['payment', 'promotion', 'given_to_artists', 'returned_from_escrow', 'refund', 'dispute'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/** `GET /api/fan-wallet/transactions` (limit 20, page 1, type). */
export const WalletTransactionsQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(WALLET_MAX_PAGE_SIZE, `limit must be at most ${WALLET_MAX_PAGE_SIZE}`)
    .default(WALLET_PAGE_SIZE),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(100_000, 'page must be at most 100000').default(1),
  type: z.enum(WALLET_TRANSACTION_TYPES, { error: `type must be one of ${WALLET_TRANSACTION_TYPES.join(', ')}` }).optional(),
});
export type WalletTransactionsQuery = z.output<typeof WalletTransactionsQuery>;

export interface PieSettingsView {
  amountCents: number;
  artistLimit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
  pieDays: number;
}

/** A fan's subscription as the app shows it; `metadata.pie_id` as the spec reads it. */
export interface SubscriptionView {
  id: string;
  status: string;
  promo: boolean;
  /** Spec §4: active or trialing and carrying a pie id. */
  active: boolean;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  pieSettings: PieSettingsView;
  metadata: { pie_id: string | null };
}

export interface CheckoutView {
  sessionId: string;
  url: string;
  /** Shown to the fan before paying (DESIGN §5): Stripe's card fee and Pie's fee on this amount. */
  fees: { amountCents: number; processorFeeCents: number; platformFeeCents: number; toArtistsCents: number };
}

export interface WalletBalanceView {
  balanceCents: number;
  balance: string;
  currency: 'usd';
}

export interface WalletTransactionView {
  id: string;
  type: WalletTransactionType;
  amountCents: number;
  amount: string;
  occurredAt: string;
  references: Record<string, string | number | boolean | null>;
}

/** `GET /api/fan-wallet/summary`: each figure as billing's `FAN_MONEY_FIGURES` defines it (the admin's finances sum the same ones). */
export interface WalletSummaryView {
  /** What the fan's card paid. */
  paidInCents: number;
  /** Both fees: `cardFeesCents` (Stripe's, on the payments) + `pieFeesCents`. */
  feesCents: number;
  cardFeesCents: number;
  pieFeesCents: number;
  /** What the pies' closes gave to artists. */
  givenToArtistsCents: number;
  /** What of the fan's money waits in artists' escrow now (the fan's own holdings). */
  waitingInEscrowCents: number;
  returnedFromEscrowCents: number;
  /** Back to the fan's card: refunds and chargebacks, net of failed refunds and disputes won. */
  refundedCents: number;
  balanceCents: number;
}
