import { defineJob } from '#pie/platform';

/** Every 30 s: a worker says it is alive (the dashboard's health panel reads the latest beat). */
export const WorkerHeartbeat = defineJob<Record<string, never>>('admin', 'admin.worker-heartbeat');
