import { defineJob } from '#pie/platform';

/** Nightly: every reconciliation check, each result kept for the dashboard (queue `admin`). */
export const RunReconciliation = defineJob<Record<string, never>>('admin', 'admin.run-reconciliation');
