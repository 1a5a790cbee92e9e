import { defineJob } from '#pie/platform';

/** Daily: every artist's popularity (0–100) from the last 28 days of Pie's own listening (DESIGN §6). */
export const ComputePopularity = defineJob<Record<string, never>>('listening', 'listening.compute-popularity');
