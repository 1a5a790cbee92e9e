import { defineJob } from '#pie/platform';

export interface ClosePiePeriodPayload {
  periodId: string;
}

/** Closes one pie period (queued with job id = period id). */
export const ClosePiePeriod = defineJob<ClosePiePeriodPayload>('pies', 'pies.close-pie-period');
