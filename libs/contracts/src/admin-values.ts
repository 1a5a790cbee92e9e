/*
 * The back office's lists of values (admin.ts's schemas use them), zod-free: a screen that shows or
 * offers them loads no schema library for them (the bundler keeps a module's import of zod once
 * the module is in, even for a constant).
 */
export const FINANCE_PERIODS = ['7d', '30d', '90d', '365d', 'all'] as const;
export const CRM_STATUSES = ['not_contacted', 'contacted', 'in_conversation', 'onboarding', 'declined', 'unreachable'] as const;
export type CrmStatus = (typeof CRM_STATUSES)[number];
export const COMMUNICATION_CHANNELS = ['email', 'phone', 'social', 'meeting', 'other'] as const;
export const RECONCILIATION_TYPES = ['ledger', 'balances', 'escrow', 'wallets', 'provider', 'idempotency'] as const;
export type ReconciliationType = (typeof RECONCILIATION_TYPES)[number];
