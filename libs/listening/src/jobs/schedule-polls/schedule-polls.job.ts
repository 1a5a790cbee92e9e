import { defineJob } from '#pie/platform';

/** The scheduler's tick (a BullMQ job scheduler, every minute): hands the fans who are due to `listening.ingest-fan`. */
export const SchedulePolls = defineJob<Record<string, never>>('listening', 'listening.schedule-polls');
