import { defineJob } from '#pie/platform';

/** One provider check an admin asked for (queue `admin`): reads Stripe in full, reporting progress on its run row. */
export const RunProviderCheck = defineJob<{ runId: string }>('admin', 'admin.run-provider-check');
