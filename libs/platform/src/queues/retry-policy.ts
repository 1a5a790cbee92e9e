import type { BackoffStrategy, JobsOptions } from 'bullmq';

export interface RetryPolicy {
  /** Runs in all, the first included. */
  attempts: number;
  /** Delay before the first retry; each retry doubles it… */
  baseDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
}

export const CAPPED_EXPONENTIAL = 'capped-exponential';

/** The delay before retry number `retry` (1-based): doubling from the base, capped, with up to 10 % jitter once past a minute. */
export function retryDelayMs(policy: RetryPolicy, retry: number): number {
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(retry - 1, 40));
  // Spread long waits a little, so the jobs of one outage do not all come back in the same second.
  return delay >= 60_000 ? Math.round(delay * (0.9 + Math.random() * 0.1)) : delay;
}

/** The whole time a job keeps being retried before it is dead (without jitter). */
export function retryWindowMs(policy: RetryPolicy): number {
  let total = 0;
  for (let retry = 1; retry < policy.attempts; retry++) total += Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(retry - 1, 40));
  return total;
}

/** BullMQ's custom backoff (a worker setting): the job's options name it, the worker computes it. */
export function backoffStrategyFor(policy: RetryPolicy): BackoffStrategy {
  return (attemptsMade: number) => retryDelayMs(policy, attemptsMade);
}

/** Every job's options: retries by the policy, and bounded retention so Redis/Postgres never fill up with old jobs. */
export function jobOptionsFor(policy: RetryPolicy): JobsOptions {
  return {
    attempts: policy.attempts,
    backoff: { type: CAPPED_EXPONENTIAL, delay: policy.baseDelayMs },
    removeOnComplete: { age: 24 * 3600, count: 1_000 },
    // A dead job's payload and last error are kept in platform.dead_jobs; BullMQ's copy can go.
    removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
  };
}
