import { seededRandom } from '#pie/testing';
import { INVARIANTS, type Invariant } from './invariants.js';
import { describeOp, generateDay, kindNamed, type Op } from './operations.js';
import { World, type WorldShape } from './world.js';

export interface SimulationOptions {
  seed: number;
  days: number;
  shape: WorldShape;
  kinds: Set<string>;
  invariants: Set<string>;
  /** Replay exactly these operations instead of drawing them (reduction). */
  script?: Op[];
  /** Day 0 of the run being replayed (calendar months matter: fees, month-end transfers). */
  startMs?: number;
  /** Progress lines (one per simulated week, and every failure). */
  log?: (line: string) => void;
}

export interface SimulationFailure {
  seed: number;
  day: number;
  /** The invariant that broke, or `operation <kind>` when an operation met a 5xx or an error. */
  check: string;
  violations: string[];
  /** Every operation run up to and including the failing day, with what it did. */
  log: string[];
  ops: Op[];
  /** What each of `ops` did ('skip: …' when it found nothing to act on). */
  outcomes: string[];
  startMs: number;
}

export interface SimulationResult {
  seed: number;
  daysRun: number;
  startMs: number;
  ops: Op[];
  outcomes: string[];
  /** How many times the invariants were run (days on which money could have moved). */
  checkedDays: number;
  opsByKind: Record<string, { run: number; skipped: number; ms: number }>;
  /** Where the run's time went (ms): setup, moving the clock, operations, settling and jobs, invariants. */
  timings: Record<'setup' | 'clock' | 'operations' | 'jobs' | 'invariants', number>;
  /** Time spent in each invariant (ms). */
  checkMs: Record<string, number>;
  /** How often the clock had to be nudged within a day for a job's retry (transient failures). */
  retryNudges: number;
  /** Every operation with what it did, and the jobs each day ran. */
  log: string[];
  failure?: SimulationFailure;
}

/**
 * One run: day by day, move simulated time (Stripe renews, retries, pays out), carry out the day's
 * operations, run the jobs that are due, let the platform settle, and — when anything could have
 * moved money — run every enabled invariant. Stops at the first failure.
 */
export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const random = seededRandom(options.seed);
  const invariants: Invariant[] = INVARIANTS.filter((invariant) => options.invariants.has(invariant.name));
  const timings: SimulationResult['timings'] = { setup: 0, clock: 0, operations: 0, jobs: 0, invariants: 0 };
  let mark = performance.now();
  const spent = (phase: keyof SimulationResult['timings']) => {
    const now = performance.now();
    timings[phase] += now - mark;
    mark = now;
  };
  const world = await World.create(`money-sim-${options.seed}`, options.shape, options.startMs);
  spent('setup');
  const result: SimulationResult = { seed: options.seed, daysRun: 0, startMs: world.clock.startMs, ops: [], outcomes: [], checkedDays: 0, opsByKind: {}, timings, checkMs: {}, log: [], retryNudges: 0 };
  const log = result.log;
  const population = { fans: options.shape.fans, artists: options.shape.artists, offices: options.shape.offices };
  const fail = (day: number, check: string, violations: string[]) => {
    result.failure = { seed: options.seed, day, check, violations, log: [...log], ops: [...result.ops], outcomes: [...result.outcomes], startMs: result.startMs };
    options.log?.(`seed ${options.seed} day ${day}: ${check} failed:\n  ${violations.slice(0, 10).join('\n  ')}`);
  };
  let journals = -1;
  let stripeEvents = '';
  try {
    for (let day = 0; day < options.days; day++) {
      result.daysRun = day + 1;
      await world.goTo(day);
      spent('clock');
      const ops = options.script ? options.script.filter((op) => op.day === day) : generateDay(day, random, options.kinds, population);
      let moneyOps = 0;
      for (const op of ops) {
        const kind = kindNamed(op.kind);
        result.ops.push(op);
        const tally = (result.opsByKind[op.kind] ??= { run: 0, skipped: 0, ms: 0 });
        const opStarted = performance.now();
        let outcome: string;
        try {
          if (kind.money) await world.flushPlays();
          outcome = await kind.run(world, op.args);
        } catch (error) {
          log.push(`${describeOp(op)} → THREW ${(error as Error).message}`);
          result.outcomes.push('threw');
          fail(day, `operation ${op.kind}`, [(error as Error).stack ?? String(error)]);
          return result;
        }
        log.push(`${describeOp(op)} → ${outcome}`);
        result.outcomes.push(outcome);
        if (outcome.startsWith('skip')) tally.skipped++;
        else {
          tally.run++;
          if (kind.money) moneyOps++;
        }
        // Each money operation's webhooks and jobs finish before the next one (a person's next click).
        if (kind.money && !outcome.startsWith('skip')) await world.settle();
        tally.ms += performance.now() - opStarted;
      }
      spent('operations');
      let due: string[];
      try {
        await world.flushPlays();
        await world.settle();
        due = await world.runDueJobs();
      } catch (error) {
        fail(day, 'jobs', [(error as Error).message]);
        return result;
      }
      if (due.length > 0) log.push(`day ${day} jobs: ${due.join(', ')}`);
      spent('jobs');
      const nowJournals = await world.sql.value<number>(`select count(*)::int from ledger.journals`);
      const lastEvent = (await world.platform.stripe.events.list({ limit: 1 })).data[0]?.id ?? '';
      // Some checks are about time passing (expiry, money left behind): they also run once a week.
      const changed = moneyOps > 0 || nowJournals !== journals || lastEvent !== stripeEvents || day % 7 === 6 || day === options.days - 1;
      journals = nowJournals;
      stripeEvents = lastEvent;
      if (changed) {
        result.checkedDays++;
        log.push(`day ${day}: ${nowJournals} journals; invariants run`);
        for (const invariant of invariants) {
          const checkStarted = performance.now();
          const violations = await invariant.check(world);
          result.checkMs[invariant.name] = (result.checkMs[invariant.name] ?? 0) + performance.now() - checkStarted;
          if (violations.length > 0) {
            fail(day, invariant.name, violations);
            return result;
          }
        }
      }
      spent('invariants');
      if (day % 30 === 29) options.log?.(`seed ${options.seed}: day ${day + 1}/${options.days}, ${result.ops.length} operations, invariants run on ${result.checkedDays} days, ${nowJournals} journals`);
    }
    return result;
  } finally {
    result.retryNudges = world.retryNudges;
    await world.close();
  }
}

/** Shown in a failure report: seed, day, the failing check and the operations that led there. */
export function describeFailure(failure: SimulationFailure, heading: string): string {
  return [
    `${heading}: seed ${failure.seed}, day ${failure.day} (day 0 = ${new Date(failure.startMs).toISOString()}), check "${failure.check}"`,
    ...failure.violations.slice(0, 20).map((violation) => `  ! ${violation}`),
    `  operations (${failure.log.length}):`,
    ...failure.log.map((line) => `    ${line}`),
  ].join('\n');
}

/**
 * Delta debugging (ddmin) over a failure's operations: replays subsequences on a fresh platform
 * (same seed, same calendar) and keeps the smallest one that still fails the same check, within
 * `maxTrials` replays. Answers the smallest failing replay found.
 */
export async function reduceFailure(
  failure: SimulationFailure,
  options: Omit<SimulationOptions, 'script' | 'startMs' | 'days' | 'seed'>,
  maxTrials: number,
): Promise<SimulationFailure> {
  let best = failure;
  let ops = failure.ops;
  let trials = 0;
  const fails = async (candidate: Op[]): Promise<SimulationFailure | undefined> => {
    trials++;
    const days = Math.max(0, ...candidate.map((op) => op.day)) + 1;
    // Only the failing check runs in a replay (an operation's failure needs none).
    const invariants = new Set(options.invariants.has(failure.check) ? [failure.check] : []);
    const replay = await runSimulation({ ...options, invariants, log: undefined, seed: failure.seed, days: Math.max(days, failure.day + 8), script: candidate, startMs: failure.startMs });
    return replay.failure?.check === failure.check ? replay.failure : undefined;
  };
  // First, one replay without the operations that found nothing to act on.
  const acted = ops.filter((_, i) => !failure.outcomes[i]?.startsWith('skip'));
  if (acted.length < ops.length && trials < maxTrials) {
    const replay = await fails(acted);
    if (replay) {
      ops = replay.ops;
      best = replay;
      options.log?.(`reduce: ${ops.length} operations still fail "${failure.check}" without the skipped ones`);
    }
  }
  let granularity = 2;
  while (ops.length >= 2 && trials < maxTrials) {
    const size = Math.ceil(ops.length / granularity);
    let reduced = false;
    for (let start = 0; start < ops.length && trials < maxTrials; start += size) {
      const complement = [...ops.slice(0, start), ...ops.slice(start + size)];
      const replay = await fails(complement);
      if (replay) {
        ops = replay.ops;
        best = replay;
        granularity = Math.max(granularity - 1, 2);
        reduced = true;
        options.log?.(`reduce: ${ops.length} operations still fail "${failure.check}" (trial ${trials})`);
        break;
      }
    }
    if (!reduced) {
      if (granularity >= ops.length) break;
      granularity = Math.min(ops.length, granularity * 2);
    }
  }
  return best;
}
