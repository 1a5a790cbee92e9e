import type { Job, JobsOptions, JobType } from 'bullmq';
import type { QueueRegistry } from './queue-registry.js';
import { QUEUE_NAMES, type QueueName } from './queue-names.js';

/** The states a job waits in for a worker: what switching the backend strands, and what is moved. */
export const MOVABLE_STATES = ['waiting', 'prioritized', 'delayed'] as const satisfies readonly JobType[];
const PAGE = 500;

export interface MovedQueue {
  queue: QueueName;
  /** Added to the target and removed from the source. */
  moved: number;
  /** Already in the target under that id (an earlier move stopped half-way): only removed from the source. */
  alreadyThere: number;
  /** Ticks of job schedulers (the target's workers schedule their own): left where they are. */
  scheduled: number;
  /** Running in the source right now: not moved (stop its workers first). */
  active: number;
}

export interface MoveJobsOptions {
  /** Default: every queue. */
  queues?: readonly QueueName[];
  /** Count what would move, move nothing. */
  dryRun?: boolean;
  /** The source backend's kind, in the id a job without one of its own gets in the target (`moved-<kind>-<id>`). */
  sourceKind: string;
  now?: () => number;
}

/**
 * Moves the jobs waiting in one queue backend (waiting, prioritized, delayed) to another — what
 * switching `REDIS_URL` on or off otherwise strands (issue 28). Each job is added to the target
 * under its own id with its name, data, priority, remaining delay and remaining attempts, then
 * removed from the source; a job already in the target under that id is not added again, so a
 * move that stopped half-way can be run again and no job is doubled. Oldest first, so the waiting
 * order is kept. Jobs of job schedulers are left (the target's workers schedule their own), and
 * so are running ones.
 */
export async function moveQueuedJobs(source: QueueRegistry, target: QueueRegistry, options: MoveJobsOptions): Promise<MovedQueue[]> {
  const now = options.now ?? Date.now;
  const report: MovedQueue[] = [];
  for (const name of options.queues ?? QUEUE_NAMES) {
    const from = source.get(name);
    const to = target.get(name);
    const result: MovedQueue = { queue: name, moved: 0, alreadyThere: 0, scheduled: 0, active: (await from.getJobCounts('active')).active ?? 0 };
    for (const state of MOVABLE_STATES) {
      // Moved jobs leave the list, the ones left stay at its head: page past those only.
      let kept = 0;
      for (;;) {
        const jobs = (await from.getJobs([state], kept, kept + PAGE - 1, true)).filter((job): job is Job => Boolean(job?.id));
        if (jobs.length === 0) break;
        for (const job of jobs) {
          if (job.repeatJobKey) {
            result.scheduled += 1;
            kept += 1;
            continue;
          }
          if (options.dryRun) {
            result.moved += 1;
            kept += 1;
            continue;
          }
          const id = targetId(job.id as string, options.sourceKind);
          if (await to.getJob(id)) result.alreadyThere += 1;
          else {
            await to.add(job.name, job.data, movedOptions(job, id, state === 'delayed', now()));
            result.moved += 1;
          }
          // Locked (a worker took it meanwhile): it stays, and is counted as kept.
          if ((await from.remove(job.id as string)) !== 1) kept += 1;
        }
      }
    }
    report.push(result);
  }
  return report;
}

/** BullMQ numbers jobs added without an id per queue and backend: those get one naming where they came from. */
function targetId(id: string, sourceKind: string): string {
  return /^\d+$/.test(id) ? `moved-${sourceKind}-${id}` : id;
}

/** The job's options in the target: what it still has to wait and try, and how it is kept. */
function movedOptions(job: Job, jobId: string, delayed: boolean, now: number): JobsOptions {
  // A delayed job waits until it was due: a retry's backoff counts from when its failed run started.
  const dueAt = delayed ? (job.processedOn ?? job.timestamp) + (job.delay ?? 0) : now;
  const attempts = Math.max(1, (job.opts.attempts ?? 1) - (job.attemptsMade ?? 0));
  return {
    jobId,
    attempts,
    ...(job.opts.backoff === undefined ? {} : { backoff: job.opts.backoff }),
    ...(job.opts.removeOnComplete === undefined ? {} : { removeOnComplete: job.opts.removeOnComplete }),
    ...(job.opts.removeOnFail === undefined ? {} : { removeOnFail: job.opts.removeOnFail }),
    ...(job.priority ? { priority: job.priority } : {}),
    ...(dueAt > now ? { delay: dueAt - now } : {}),
  };
}
