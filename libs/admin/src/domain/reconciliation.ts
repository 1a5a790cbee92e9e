import type { ReconciliationResult, ReconciliationType } from '#pie/contracts';
import { checkLedgerInvariants, escrowAttributionViolations, escrowFanMovements, escrowMovements, JOURNAL_KINDS } from '#pie/ledger';
import { allocationsByArtistAndFan } from '#pie/pies';
import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { adminDb } from '../db/admin-db.js';

/** At most this many rows are named in a result (the count says how many there are in all). */
const ROWS_SHOWN = 50;

/** Told how far the provider check got (a sentence for the admin screen). */
export type ProviderProgress = (message: string) => Promise<void> | void;

/** What each check needs from outside the database: the ledger against Stripe's own records. */
export interface ProviderRecords {
  charges(progress?: ProviderProgress): Promise<string[]>;
  offices(progress?: ProviderProgress): Promise<string[]>;
}

const LEDGER_CHECKS: Record<Exclude<ReconciliationType, 'escrow' | 'provider'>, string[]> = {
  ledger: ['every journal sums to zero and has two or more postings', 'the ledger sums to zero'],
  balances: ['cached balances equal the sum of their postings'],
  wallets: ['no negative balance where none is allowed'],
  idempotency: ['no idempotency key twice'],
};

/**
 * One reconciliation check (DESIGN §5's invariants), answering pass/fail and the rows that break
 * it: ledger (journals and the ledger sum to zero), balances (cached = recomputed), escrow (per
 * artist and fan, money in from the pies' closes equals what the pies allocated, money in minus
 * money out equals the escrow's balance, no fan's holding negative, every journal that names a fan
 * moves only that fan's escrow money), wallets (no negative
 * balance), provider (charges, fees, transfers and payouts equal Stripe's records), idempotency
 * (no key twice).
 */
export async function runCheck(em: EntityManager, type: ReconciliationType, provider: ProviderRecords, progress: ProviderProgress = () => undefined): Promise<ReconciliationResult> {
  let rows: string[];
  if (type === 'escrow') rows = await escrowDrift(em);
  else if (type === 'provider') rows = [...(await provider.charges(progress)), ...(await provider.offices(progress))];
  else {
    const report = await checkLedgerInvariants(em);
    rows = report.results.filter((result) => LEDGER_CHECKS[type].includes(result.name)).flatMap((result) => result.violations);
  }
  return { type, ok: rows.length === 0, checkedAt: new Date().toISOString(), violations: rows.length, rows: rows.slice(0, ROWS_SHOWN) };
}

/**
 * Escrow compared from both sides (README of libs/ledger, "Whose money an escrow holds"): per
 * artist and fan, what the pie closes put in equals what the pies allocated; per artist, money in
 * minus money out (releases, refunds, disputes, expiries, won disputes back in, per fan) equals the
 * balance; no fan holds less than nothing, and the cached holdings equal the lines; every escrow
 * posting is split among fans to the cent, and a journal that names a fan moves only that fan's money.
 */
async function escrowDrift(em: EntityManager): Promise<string[]> {
  const rows: string[] = [];
  const allocated = new Map((await allocationsByArtistAndFan(em)).map((row) => [`${row.artistId}|${row.fanId}`, row.cents]));
  const byArtist = new Map<string, { inCents: number; outByKind: Map<string, number>; heldCents: number }>();
  const seen = new Set<string>();
  for (const movement of await escrowFanMovements(em)) {
    const key = `${movement.artistId}|${movement.fanId}`;
    seen.add(key);
    const closes = movement.byKind.get(JOURNAL_KINDS.piePeriodClosed) ?? 0;
    const expected = allocated.get(key) ?? 0;
    if (closes !== expected) rows.push(`artist_escrow:${movement.artistId}: fan ${movement.fanId}'s pie closes put in ${closes} cents, the pies allocated ${expected}`);
    if (movement.linesCents < 0) rows.push(`artist_escrow:${movement.artistId}: fan ${movement.fanId} holds ${movement.linesCents} cents (below zero)`);
    if (movement.heldCents !== movement.linesCents) rows.push(`artist_escrow:${movement.artistId}: fan ${movement.fanId} holds ${movement.linesCents} cents by the lines, ${movement.heldCents} by the cached holdings`);
    let artist = byArtist.get(movement.artistId);
    if (!artist) byArtist.set(movement.artistId, (artist = { inCents: 0, outByKind: new Map(), heldCents: 0 }));
    for (const [kind, net] of movement.byKind) {
      if (kind === JOURNAL_KINDS.piePeriodClosed) artist.inCents += net;
      else artist.outByKind.set(kind, (artist.outByKind.get(kind) ?? 0) + net);
    }
    artist.heldCents += movement.linesCents;
  }
  for (const [key, cents] of allocated) {
    if (seen.has(key)) continue;
    const [artistId, fanId] = key.split('|');
    rows.push(`artist_escrow:${artistId}: fan ${fanId}'s pie closes put in 0 cents, the pies allocated ${cents}`);
  }
  for (const escrow of await escrowMovements(em)) {
    const artist = byArtist.get(escrow.artistId) ?? { inCents: 0, outByKind: new Map<string, number>(), heldCents: 0 };
    const out = [...artist.outByKind.values()].reduce((sum, cents) => sum + cents, 0);
    if (artist.inCents + out === escrow.balanceCents) continue;
    const detail = [...artist.outByKind].map(([kind, cents]) => `${kind} ${cents}`).join(', ');
    rows.push(`artist_escrow:${escrow.artistId}: in ${artist.inCents} cents from the pies, out ${-out}${detail ? ` (${detail})` : ''}, so ${artist.inCents + out} should be there; the balance is ${escrow.balanceCents}`);
  }
  rows.push(...(await escrowAttributionViolations(em, ROWS_SHOWN)));
  return rows;
}


export async function recordRun(tx: EntityManager, result: ReconciliationResult, runBy: string): Promise<void> {
  await adminDb(tx)
    .insertInto('admin.reconciliation_runs')
    .values({ type: result.type, ok: result.ok, violations: result.violations, rows: JSON.stringify(result.rows ?? []), run_by: runBy })
    .execute();
}

/** A provider check to be run by the job: its row says `running` until the job records the result. */
export async function startRun(tx: EntityManager, type: ReconciliationType, runBy: string): Promise<string> {
  const row = await adminDb(tx)
    .insertInto('admin.reconciliation_runs')
    .values({ type, ok: false, violations: 0, rows: JSON.stringify([]), run_by: runBy, status: 'running', progress: 'Waiting for the worker' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function reportProgress(em: EntityManager, runId: string, progress: string): Promise<void> {
  await adminDb(em).updateTable('admin.reconciliation_runs').set({ progress: progress.slice(0, 500) }).where('id', '=', runId).where('status', '=', 'running').execute();
}

export async function finishRun(em: EntityManager, runId: string, result: ReconciliationResult): Promise<void> {
  await adminDb(em)
    .updateTable('admin.reconciliation_runs')
    .set({ status: 'done', ok: result.ok, violations: result.violations, rows: JSON.stringify(result.rows ?? []), progress: null, at: sql`now()` })
    .where('id', '=', runId)
    .execute();
}

export async function failRun(em: EntityManager, runId: string, reason: string): Promise<void> {
  await adminDb(em)
    .updateTable('admin.reconciliation_runs')
    .set({ status: 'failed', progress: `Could not finish: ${reason}`.slice(0, 500), at: sql`now()` })
    .where('id', '=', runId)
    .execute();
}

/** One run as the API shows it (null: no such run). */
export async function runOf(em: EntityManager, runId: string): Promise<ReconciliationResult | null> {
  if (!/^\d{1,18}$/.test(runId)) return null;
  const row = await adminDb(em)
    .selectFrom('admin.reconciliation_runs')
    .select(['id', 'type', 'ok', 'violations', 'rows', 'at', 'status', 'progress'])
    .where('id', '=', runId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    type: row.type as ReconciliationType,
    ok: row.status === 'done' && row.ok,
    checkedAt: new Date(row.at).toISOString(),
    violations: row.violations,
    rows: row.rows as string[],
    runId: String(row.id),
    status: row.status,
    progress: row.progress,
  };
}

/** The latest run of each check (for the dashboard's health panel). */
export async function lastRuns(em: EntityManager): Promise<{ type: string; ok: boolean; violations: number; at: string; runBy: string }[]> {
  const rows = await adminDb(em).selectFrom('admin.reconciliation_runs').distinctOn('type').select(['type', 'ok', 'violations', 'at', 'run_by']).orderBy('type').orderBy('at', 'desc').execute();
  return rows.map((row) => ({ type: row.type, ok: row.ok, violations: row.violations, at: new Date(row.at).toISOString(), runBy: row.run_by }));
}
