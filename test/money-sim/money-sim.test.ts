import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INVARIANTS } from './invariants.js';
import { moneySimConfig, type ScriptFile } from './money-sim-config.js';
import { OPERATION_KINDS } from './operations.js';
import { describeFailure, reduceFailure, runSimulation, type SimulationFailure } from './simulation.js';

/*
 * The money simulation (issue 26): seeded fans, artists and offices over simulated days against
 * the real modules, the real worker jobs and the sandbox's Stripe, with every invariant and every
 * reconciliation check run after each day on which money could move. A failure prints the seed,
 * the day, the check and the operations that led there, shrunk to the fewest that still fail.
 * The integration suite runs the short default; `npm run test:money-sim` a long one (see
 * money-sim-config.ts for the knobs).
 */
const config = moneySimConfig();
// A script runs the days its file says (a failure's: past its failing day), else to two weeks past
// its last operation (its renewals, closes and checks); at most MONEY_SIM_DAYS.
if (config.script && config.scriptDays !== undefined) config.days = Math.min(config.days, config.scriptDays);
// A bound, not a target: a simulated day takes 0.3–3 s depending on the machine's load, and a
// failure's shrinking replays up to MONEY_SIM_REDUCE shorter runs.
const timeoutMs = Number(process.env.MONEY_SIM_TIMEOUT_MS ?? 300_000 + config.days * 4_000 * (1 + config.reduceTrials));

describe('money simulation', () => {
  for (const seed of config.seeds) {
    it(`seed ${seed}: ${config.days} days, ${config.shape.fans} fans, ${config.shape.artists} artists, ${config.shape.offices} offices — every invariant holds`, { timeout: timeoutMs }, async () => {
      const log = (line: string) => console.log(`[money-sim] ${line}`);
      const off = OPERATION_KINDS.filter((kind) => !config.kinds.has(kind.name)).map((kind) => kind.name);
      const unchecked = INVARIANTS.filter((invariant) => !config.invariants.has(invariant.name)).map((invariant) => invariant.name);
      log(`seed ${seed}, ${config.days} days; operation kinds off: ${off.join(', ') || 'none'}; invariants off: ${unchecked.join(', ') || 'none'}`);
      const started = performance.now();
      const result = await runSimulation({ seed, days: config.days, shape: config.shape, kinds: config.kinds, invariants: config.invariants, log, script: config.script, startMs: config.scriptStartMs });
      const tally = Object.entries(result.opsByKind).map(([kind, n]) => `${kind} ${n.run}${n.skipped ? ` (+${n.skipped} skipped)` : ''} ${(n.ms / 1000).toFixed(1)}s`).join(', ');
      log(`seed ${seed}: ${result.daysRun} days in ${Math.round((performance.now() - started) / 1000)} s, invariants run on ${result.checkedDays} days, clock nudged for retries ${result.retryNudges} time(s); operations: ${tally}`);
      log(`time (s): ${Object.entries(result.timings).map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)}`).join(', ')}; checks: ${Object.entries(result.checkMs).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)}`).join(', ')}`);

      // The whole operation log of the run, for reading after it (test-results/ is not committed).
      mkdirSync('test-results', { recursive: true });
      writeFileSync(`test-results/money-sim-${seed}.log`, `${result.log.join('\n')}\n`);
      let report = '';
      if (result.failure) {
        report = describeFailure(result.failure, 'MONEY SIMULATION FAILED');
        console.log(report);
        writeFileSync(`test-results/money-sim-${seed}-failure.json`, JSON.stringify(replayFile(result.failure)));
        if (config.reduceTrials > 0) {
          const reduced = await reduceFailure(result.failure, { shape: config.shape, kinds: config.kinds, invariants: config.invariants, log }, config.reduceTrials);
          report = describeFailure(reduced, `REDUCED (${reduced.ops.length} of ${result.failure.ops.length} operations)`);
          writeFileSync(`test-results/money-sim-${seed}-reduced.json`, JSON.stringify(replayFile(reduced)));
          console.log(report);
        }
      }
      expect(result.failure, report).toBeUndefined();
      // The run did what it says: people joined, money moved and the checks ran.
      expect(result.daysRun).toBe(config.days);
      if (!config.script) expect(result.opsByKind['fan.join']?.run ?? 0).toBeGreaterThan(0);
      expect(result.checkedDays).toBeGreaterThan(0);
    });
  }
});

/** What MONEY_SIM_SCRIPT replays: the operations, on the failing run's calendar, to a week past the failing day. */
function replayFile(failure: SimulationFailure): ScriptFile {
  return { days: failure.day + 8, startMs: failure.startMs, ops: failure.ops };
}
