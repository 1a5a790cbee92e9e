import type { Pie, PiePeriodSummary, PieSettings, PieStatus, PeriodState } from '#pie/contracts';
import { sql, type Selectable } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { piesDb } from '../db/pies-db.js';
import type { PiesPeriods, PiesPies } from '../db/tables.generated.js';

/** pies.pies and pies.periods as SQL returns them (bigint arrives as text). */
/** A `pies.pies` row, its pending settings as pies writes them. */
export type PieRow = Omit<Selectable<PiesPies>, 'pending_settings' | 'status'> & { pending_settings: PieSettings | null; status: PieStatus };

/** The one reading of a `pies.pies` row: `pending_settings` is the jsonb pies itself wrote from a PieSettings. */
export const toPieRow = (row: Selectable<PiesPies>): PieRow => ({ ...row, pending_settings: row.pending_settings as PieSettings | null });

/** A `pies.periods` row (`invoice_id`: the invoice that paid for the period; billing's journal references it as `stripeInvoiceId`). */
export type PeriodRow = Selectable<PiesPeriods> & { state: PeriodState };

export const cents = (value: string | number | null): number => {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${value} cents is beyond a safe integer`);
  return n;
};

export function settingsOf(row: PieRow): PieSettings {
  return { amountCents: cents(row.amount_cents), artistLimit: row.artist_limit, artistPopularity: row.artist_popularity, excludeNonActive: row.exclude_non_active, pieDays: row.pie_days };
}

export function periodSummary(row: PeriodRow): PiePeriodSummary {
  return {
    id: row.id,
    seq: row.seq,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    state: row.state,
    fundedCents: cents(row.funded_cents),
    splitCents: row.split_cents === null ? null : cents(row.split_cents),
    distributedCents: row.distributed_cents === null ? null : cents(row.distributed_cents),
    artistCount: row.artist_count,
    rolledOver: row.rolled_over,
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
  };
}

export function pieOf(row: PieRow, current: PeriodRow | null): Pie {
  return {
    id: row.id,
    fanId: row.fan_id,
    status: row.status,
    promo: row.promo,
    subscriptionId: row.subscription_id,
    settings: settingsOf(row),
    pendingSettings: row.pending_settings,
    currentPeriod: current ? periodSummary(current) : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The fan's own pie (a foreign or unknown id is null: the caller answers 404). */
export async function findOwnPie(em: EntityManager, fanId: string, pieId: string): Promise<PieRow | null> {
  const row = await piesDb(em).selectFrom('pies.pies').selectAll().where('id', '=', pieId).where('fan_id', '=', fanId).executeTakeFirst();
  return row ? toPieRow(row) : null;
}

export async function findPie(em: EntityManager, pieId: string): Promise<PieRow | null> {
  const row = await piesDb(em).selectFrom('pies.pies').selectAll().where('id', '=', pieId).executeTakeFirst();
  return row ? toPieRow(row) : null;
}

/** The period running now, else the latest one. */
export async function currentPeriodOf(em: EntityManager, pieId: string, now = new Date()): Promise<PeriodRow | null> {
  const row = await piesDb(em)
    .selectFrom('pies.periods')
    .selectAll()
    .where('pie_id', '=', pieId)
    .orderBy(sql`(starts_at <= ${now.toISOString()}::timestamptz and ends_at > ${now.toISOString()}::timestamptz)`, 'desc')
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export async function periodsOf(em: EntityManager, pieIds: string[]): Promise<PeriodRow[]> {
  if (pieIds.length === 0) return [];
  return piesDb(em).selectFrom('pies.periods').selectAll().where('pie_id', 'in', pieIds).orderBy('starts_at', 'desc').execute();
}
