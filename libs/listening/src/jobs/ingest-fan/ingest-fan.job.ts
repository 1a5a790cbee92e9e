import { defineJob } from '#pie/platform';

export interface IngestFanPayload {
  fanId: string;
  /** Why: the schedule, a new connection, a manual sync deferred by a rate limit, or a retry after one. */
  reason: 'schedule' | 'connected' | 'manual' | 'retry';
  /** How many times a rate limit has pushed this poll back. */
  deferrals?: number;
}

/** Reads a fan's recently played tracks after the last play seen and stores the new ones. */
export const IngestFan = defineJob<IngestFanPayload>('listening', 'listening.ingest-fan');
