/*
 * The back office's lists of values (admin.ts's schemas use them), zod-free: a screen that shows or
 * offers them loads no schema library for them (the bundler keeps a module's import of zod once
 * the module is in, even for a constant).
 */
export const FINANCE_PERIODS = ['7d', '30d', '90d', '365d', 'all'] as const;
export type FinancePeriod = (typeof FINANCE_PERIODS)[number];
/** The days a named period covers, back from now (`all` has no bound). */
export const FINANCE_PERIOD_DAYS: Readonly<Record<Exclude<FinancePeriod, 'all'>, number>> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };
/** The period of the dashboard's daily money chart: `dashboard/financial` asked without a range. */
export const DASHBOARD_MONEY_PERIOD = '30d' satisfies FinancePeriod;
/** The days the dashboard's daily money chart covers (its placeholder is sized for them). */
export const DASHBOARD_MONEY_DAYS = FINANCE_PERIOD_DAYS[DASHBOARD_MONEY_PERIOD];
export const CRM_STATUSES = ['not_contacted', 'contacted', 'in_conversation', 'onboarding', 'declined', 'unreachable'] as const;
export type CrmStatus = (typeof CRM_STATUSES)[number];
export const COMMUNICATION_CHANNELS = ['email', 'phone', 'social', 'meeting', 'other'] as const;
export const RECONCILIATION_TYPES = ['ledger', 'balances', 'escrow', 'wallets', 'provider', 'idempotency'] as const;
export type ReconciliationType = (typeof RECONCILIATION_TYPES)[number];
