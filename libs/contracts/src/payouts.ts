import { z } from 'zod';
import { queryInt } from './fields.js';
import { dollarsField } from './billing.js';

/*
 * Payouts (spec §3 login-link and onboarding responses; DESIGN §8): an office's Stripe Connect
 * (Express) account, its balances and Stripe's monthly active-account fee. Amounts are cents.
 */

export const OfficeIdField = z.uuid({ error: 'officeId must be a valid id' });

/** `POST stripe/completeOnboarding`, and the `officeId` query of the office's Stripe reads. */
export const OfficeIdRequest = z.strictObject({ officeId: OfficeIdField });
export type OfficeIdRequest = z.infer<typeof OfficeIdRequest>;
export const OfficeIdQuery = z.object({ officeId: OfficeIdField });
export type OfficeIdQuery = z.infer<typeof OfficeIdQuery>;

export const STRIPE_CONNECTION_STATUSES = ['not_connected', 'requirements_due', 'enabled'] as const;
/** not_connected: no account yet; requirements_due: Stripe still needs details; enabled: can receive transfers and pay out. */
export type StripeConnectionStatus = (typeof STRIPE_CONNECTION_STATUSES)[number];

/** Stripe's monthly fee for an active Express account ($2), charged for a month in which it is paid out to. */
export const STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS = 200;

export interface OnboardingLinkView {
  /** Where the browser goes next: Stripe's hosted onboarding (one use, a few minutes). */
  accountLink: { url: string };
}

export interface LoginLinkView {
  /** A one-off link into the office's Stripe Express dashboard. */
  login_url: string;
}

export interface MonthlyFeeCheckView {
  status: StripeConnectionStatus;
  monthlyFeeCents: number;
  /** What reached the office's earnings since the first of this month (UTC). */
  earningsThisMonthCents: number;
  /** Whether this month's earnings cover the monthly fee. */
  covered: boolean;
  /**
   * When the office was disconnected (by a Pie admin, or because the account removed Pie's access),
   * ISO 8601; null while connected. A disconnected office receives no transfers whatever `status`
   * says; its admin gets the connection back through onboarding (`POST stripe/completeOnboarding`).
   */
  disconnectedAt: string | null;
}

export interface OfficeBalanceView {
  /** In the office's earnings at Pie, not yet transferred to its Stripe account. */
  earningsCents: number;
  /** Still in escrow for the artists the office has claimed (released once its Stripe account is enabled). */
  escrowCents: number;
}

export const OnboardingLinkViewSchema = z.object({ accountLink: z.object({ url: z.string() }) });
export const LoginLinkViewSchema = z.object({ login_url: z.string() });
export const MonthlyFeeCheckViewSchema = z.object({
  status: z.enum(STRIPE_CONNECTION_STATUSES),
  monthlyFeeCents: z.number().int(),
  earningsThisMonthCents: z.number().int(),
  covered: z.boolean(),
  disconnectedAt: z.string().nullable(),
});
export const OfficeBalanceViewSchema = z.object({ earningsCents: z.number().int(), escrowCents: z.number().int() });

export interface ConnectedAccountBalanceView {
  /** At Stripe, in the office's connected account: ready to pay out, and still settling. */
  availableCents: number;
  pendingCents: number;
}

export interface TotalPayoutView {
  /** Everything paid out to the office's bank so far. */
  totalCents: number;
}

export const ConnectedAccountBalanceViewSchema = z.object({ availableCents: z.number().int(), pendingCents: z.number().int() });
export const TotalPayoutViewSchema = z.object({ totalCents: z.number().int() });

// ---- money leaving Pie: transfers, payouts, transactions, give-back (issue 14) ---------------

const pageField = queryInt('page', 1, 100_000).default(1);
const limitField = (fallback: number) => queryInt('limit', 1, 100).default(fallback);

/** Lists of an office's money are 10 to a page unless `limit` says otherwise. */
export const FUNDS_PAGE_SIZE = 10;

export const TRANSACTION_FILTERS = ['all', 'credit', 'payout'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];
const filterField = z.enum(TRANSACTION_FILTERS, { error: 'filter must be one of all, credit, payout' }).default('all');

/** `GET stripe/payouts`, `stripe/transfers-without-payouts`, `give-back`: an office's page of a list. */
export const OfficePageQuery = z.strictObject({ officeId: OfficeIdField, page: pageField, limit: limitField(FUNDS_PAGE_SIZE) });
export type OfficePageQuery = z.infer<typeof OfficePageQuery>;
/** `GET stripe/transactions` (officeId, filter all/credit/payout). */
export const OfficeTransactionsQuery = OfficePageQuery.extend({ filter: filterField });
export type OfficeTransactionsQuery = z.infer<typeof OfficeTransactionsQuery>;
/** `GET claims/{id}/transactions` (page, filter). */
export const ClaimTransactionsQuery = z.strictObject({ page: pageField, limit: limitField(FUNDS_PAGE_SIZE), filter: filterField });
export type ClaimTransactionsQuery = z.infer<typeof ClaimTransactionsQuery>;
/** `GET stripe/payout-details` (officeId, payoutId). */
export const PayoutDetailsQuery = z.strictObject({ officeId: OfficeIdField, payoutId: z.uuid({ error: 'payoutId must be a valid id' }) });
export type PayoutDetailsQuery = z.infer<typeof PayoutDetailsQuery>;
/** `GET stripe/transaction-details` (officeId, transactionId). */
export const TransactionDetailsQuery = z.strictObject({ officeId: OfficeIdField, transactionId: z.uuid({ error: 'transactionId must be a valid id' }) });
export type TransactionDetailsQuery = z.infer<typeof TransactionDetailsQuery>;

export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export interface PayoutView {
  id: string;
  amountCents: number;
  status: PayoutStatus;
  createdAt: string;
  /** When the bank should have it (Stripe's estimate), once Stripe has the payout. */
  arrivalDate: string | null;
  /** Stripe's reason, when the bank refused the payout (the money went back to the Stripe balance). */
  failureMessage: string | null;
  failureCode: string | null;
}
export const PayoutViewSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  createdAt: z.string(),
  arrivalDate: z.string().nullable(),
  failureMessage: z.string().nullable(),
  failureCode: z.string().nullable(),
});

export interface TransferView {
  id: string;
  /** What reached the office's Stripe account. */
  amountCents: number;
  /** Stripe's monthly active-account fee taken from this transfer (the month's first), else 0. */
  feeCents: number;
  createdAt: string;
}
export const TransferViewSchema = z.object({ id: z.string(), amountCents: z.number().int(), feeCents: z.number().int(), createdAt: z.string() });

/**
 * One movement of an office's (or an artist's) money, as the ledger recorded it. `kind` is the
 * spec's filter family: `credit` (money in), `payout` (money out to the bank, or back after a
 * failure); `detail` names what exactly happened. Amounts are signed: + in, − out.
 */
export const TRANSACTION_DETAILS = [
  'period_share',
  'escrow_released',
  'transfer',
  'monthly_fee',
  'give_back',
  'payout',
  'payout_failed',
  'escrow_expired',
  'refund',
  'account_deauthorized',
] as const;
export type TransactionDetail = (typeof TRANSACTION_DETAILS)[number];
export interface TransactionView {
  id: string;
  kind: 'credit' | 'payout' | 'other';
  detail: TransactionDetail;
  amountCents: number;
  description: string;
  occurredAt: string;
  artistId: string | null;
  /** The artist's name in the catalogue, when the movement is about an artist. */
  artistName: string | null;
  payoutId: string | null;
}
export const TransactionViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['credit', 'payout', 'other']),
  detail: z.enum(TRANSACTION_DETAILS),
  amountCents: z.number().int(),
  description: z.string(),
  occurredAt: z.string(),
  artistId: z.string().nullable(),
  artistName: z.string().nullable(),
  payoutId: z.string().nullable(),
});

/**
 * `GET stripe/transaction-details`: one movement and where its money came from, in aggregate (never
 * which fans): the artist, the pie periods whose closes paid it, and how many fans' money it is.
 */
export interface TransactionDetailView extends TransactionView {
  /** The pie periods whose closes put this money in the artist's escrow: how many, the first one's start, the last one's end. */
  periods: { count: number; firstStartsAt: string; lastEndsAt: string } | null;
  /** Whose money it is: how many fans, and how much of the amount came from their pies. */
  fans: { count: number; cents: number } | null;
}
export const TransactionDetailViewSchema = TransactionViewSchema.extend({
  periods: z.object({ count: z.number().int(), firstStartsAt: z.string(), lastEndsAt: z.string() }).nullable(),
  fans: z.object({ count: z.number().int(), cents: z.number().int() }).nullable(),
});

/** `GET stripe/wallet-balance`: the office's money at Pie and at Stripe as the ledger has it. */
export interface OfficeWalletBalanceView {
  /** Earned at Pie, not yet transferred. */
  earningsCents: number;
  /** Transferred to the office's Stripe account and not yet paid out (the ledger's view). */
  connectedCents: number;
  /** Both. */
  totalCents: number;
  /** Transfers wait until earnings reach this (or the month ends). */
  transferThresholdCents: number;
}
export const OfficeWalletBalanceViewSchema = z.object({
  earningsCents: z.number().int(),
  connectedCents: z.number().int(),
  totalCents: z.number().int(),
  transferThresholdCents: z.number().int(),
});

/** `GET claims/{id}/payouts` → data (the payouts of the claim's office) and total (paid, in cents). */
export const ClaimPayoutsViewSchema = z.array(PayoutViewSchema);

/** `POST give-back`: a share (percent, 1–100) or an amount (dollars) of the office's earnings. */
export const GiveBackRequest = z
  .strictObject({
    officeId: OfficeIdField,
    share: z.number({ error: 'share must be a number of percent' }).int('share must be a whole percent').min(1, 'share must be at least 1%').max(100, 'share must be at most 100%').optional(),
    amount: dollarsField((cents) => (cents < 1 ? 'amount must be at least $0.01' : undefined)).optional(),
  })
  .refine((body) => (body.share === undefined) !== (body.amount === undefined), { message: 'Give either a share (percent) or an amount (dollars), not both', path: ['share'] })
  .transform(({ officeId, share, amount }) => ({ officeId, sharePercent: share ?? null, amountCents: amount ?? null }));
export type GiveBackRequest = z.input<typeof GiveBackRequest>;
export type GiveBackCommandInput = z.output<typeof GiveBackRequest>;

export interface GiveBackView {
  id: string;
  amountCents: number;
  /** The share asked for, when the gift was a share of the earnings. */
  sharePercent: number | null;
  createdAt: string;
}
export const GiveBackViewSchema = z.object({ id: z.string(), amountCents: z.number().int(), sharePercent: z.number().int().nullable(), createdAt: z.string() });
