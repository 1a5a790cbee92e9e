import { INVARIANTS } from './invariants.js';
import { OPERATION_KINDS } from './operations.js';
import { readFileSync } from 'node:fs';
import type { Op } from './operations.js';
import type { WorldShape } from './world.js';

/**
 * The simulation's knobs, from the environment (`npm run test:money-sim` sets a long run; the
 * integration suite runs the short default):
 *
 *   MONEY_SIM_SEED=7 or MONEY_SIM_SEEDS=1,2,3   seeds (default 20261127)
 *   MONEY_SIM_DAYS=730                          simulated days per seed (default 200)
 *   MONEY_SIM_FANS=12                           fans who may join (default 4)
 *   MONEY_SIM_ARTISTS, MONEY_SIM_OFFICES        catalogue and offices (default 5 and 2)
 *   MONEY_SIM_KINDS=all | default | +fan.delete,-stripe.dispute | fan.join,fan.listen
 *   MONEY_SIM_INVARIANTS=all | default | +escrow-per-fan | …      (same forms)
 *   MONEY_SIM_REDUCE=25                          replays allowed to shrink a failure (default 0: none)
 *   MONEY_SIM_ESCROW_DAYS=60                     ESCROW_EXPIRY_DAYS of the run
 *   MONEY_SIM_SCRIPT=ops.json                    replay these operations (a reduced failure) instead of drawing:
 *                                                a list of operations, or `{ days, startMs, ops }` as a failure
 *                                                writes it (run to its failing day, on its calendar)
 */
export interface MoneySimConfig {
  seeds: number[];
  days: number;
  shape: WorldShape;
  kinds: Set<string>;
  invariants: Set<string>;
  reduceTrials: number;
  /** MONEY_SIM_SCRIPT: a JSON file of operations (`[{ day, kind, args }]`) replayed instead of drawn. */
  script?: Op[];
  /** Day 0 of the run a script was reduced from (its calendar: month ends, fees). */
  scriptStartMs?: number;
  /** How many days a script runs: the days its file says (to its failure and past it), else two weeks past its last operation. */
  scriptDays?: number;
}

/** A replay file: the operations alone, or with the days to run and the calendar of the run it came from. */
export interface ScriptFile {
  days?: number;
  startMs?: number;
  ops: Op[];
}

export function readScript(path: string): ScriptFile {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Op[] | ScriptFile;
  return Array.isArray(parsed) ? { ops: parsed } : parsed;
}

function intFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return value;
}

/** `all`, `default`, a list of names, or changes to the default (`+name,-name`). */
export function selection(raw: string | undefined, all: { name: string; byDefault: boolean }[], what: string): Set<string> {
  const names = new Set(all.map((entry) => entry.name));
  const defaults = all.filter((entry) => entry.byDefault).map((entry) => entry.name);
  const text = (raw ?? '').trim();
  if (text === '' || text === 'default') return new Set(defaults);
  if (text === 'all') return names;
  const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
  const relative = parts.every((part) => part.startsWith('+') || part.startsWith('-'));
  const chosen = new Set(relative ? defaults : []);
  for (const part of parts) {
    const name = relative ? part.slice(1) : part;
    if (!names.has(name)) throw new Error(`Unknown ${what} "${name}" (known: ${[...names].join(', ')})`);
    if (relative && part.startsWith('-')) chosen.delete(name);
    else chosen.add(name);
  }
  return chosen;
}

export function moneySimConfig(): MoneySimConfig {
  const seedsText = process.env.MONEY_SIM_SEEDS ?? process.env.SEEDS ?? process.env.MONEY_SIM_SEED ?? '20261127';
  const seeds = seedsText.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const seed = Number(s);
    if (!Number.isInteger(seed)) throw new Error(`a seed must be a whole number, not "${s}"`);
    return seed;
  });
  return {
    seeds,
    days: intFrom('MONEY_SIM_DAYS', 200),
    shape: {
      fans: intFrom('MONEY_SIM_FANS', 4),
      artists: intFrom('MONEY_SIM_ARTISTS', 5),
      offices: intFrom('MONEY_SIM_OFFICES', 2),
      escrowExpiryDays: intFrom('MONEY_SIM_ESCROW_DAYS', 60),
      transferThresholdCents: 1000,
    },
    kinds: selection(process.env.MONEY_SIM_KINDS, OPERATION_KINDS, 'operation kind'),
    invariants: selection(process.env.MONEY_SIM_INVARIANTS, INVARIANTS, 'invariant'),
    reduceTrials: intFrom('MONEY_SIM_REDUCE', 0),
    ...scriptOf(process.env.MONEY_SIM_SCRIPT),
  };
}

function scriptOf(path: string | undefined): Pick<MoneySimConfig, 'script' | 'scriptStartMs' | 'scriptDays'> {
  if (!path) return {};
  const file = readScript(path);
  return { script: file.ops, scriptStartMs: file.startMs, scriptDays: file.days ?? Math.max(0, ...file.ops.map((op) => op.day)) + 15 };
}
