import { defineJob, type QueueRegistry } from '#pie/platform';

export interface ComputePopularityPayload {
  /**
   * Queued by a worker at start-up (ListeningSchedules): computes only when popularity has never
   * been computed or is older than a day; the daily run (no flag) always computes.
   */
  atStartUp?: boolean;
}

/** Daily, and at a worker's start when it is missing or stale: every artist's popularity (0–100) from the last 28 days of Pie's own listening (DESIGN §6). */
export const ComputePopularity = defineJob<ComputePopularityPayload>('listening', 'listening.compute-popularity');

/**
 * After an export import finishes: how long the recomputation waits, and the deduplication id that
 * makes every import finishing meanwhile share it (one computation for a burst of imports). On a
 * fresh `npm start` the start-up run happens before the demo fan's listening is in, so without this
 * every artist stays at 0 and the pie's popularity tilt changes nothing until the daily run.
 */
export const POPULARITY_AFTER_IMPORT = { delayMs: 30_000, deduplicationId: 'listening-compute-popularity-after-import' } as const;

/**
 * Queues popularity once for imports finishing close together: while one is waiting, later ones are
 * folded into it; one arriving while it runs is kept for a run after it (`keepLastIfActive`), so the
 * last import's plays are never left out.
 */
export async function queuePopularityAfterImport(queues: QueueRegistry): Promise<void> {
  await queues.get(ComputePopularity.queue).add(ComputePopularity.name, ComputePopularity.create({}), {
    delay: POPULARITY_AFTER_IMPORT.delayMs,
    deduplication: { id: POPULARITY_AFTER_IMPORT.deduplicationId, keepLastIfActive: true },
  });
}
