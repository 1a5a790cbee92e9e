import { defineJob } from '#pie/platform';

/** The `pies` queue's tick: finds ended periods and queues one close per period. */
export const SchedulePeriodCloses = defineJob<Record<string, never>>('pies', 'pies.schedule-period-closes');
