import { defineJob } from '#pie/platform';

export interface ComputePopularityPayload {
  /**
   * Queued by a worker at start-up (ListeningSchedules): computes only when popularity has never
   * been computed or is older than a day; the daily run (no flag) always computes.
   */
  atStartUp?: boolean;
}

/** Daily, and at a worker's start when it is missing or stale: every artist's popularity (0–100) from the last 28 days of Pie's own listening (DESIGN §6). */
export const ComputePopularity = defineJob<ComputePopularityPayload>('listening', 'listening.compute-popularity');
