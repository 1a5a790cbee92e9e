import { defineJob } from '#pie/platform';

/** Daily: every connected office gets a transfer check; on the month's last day, its month-end transfer. */
export const SweepTransfers = defineJob<Record<string, never>>('payments', 'payouts.sweep-transfers');
