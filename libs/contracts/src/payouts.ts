import { z } from 'zod';

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
