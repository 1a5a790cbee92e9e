import type { Pie, PiePeriodSummary, PieSettings, PieStatus, PeriodState } from '#pie/contracts';
import { pgArray, type EntityManager } from '#pie/platform';

/** pies.pies and pies.periods as SQL returns them (bigint arrives as text). */
export interface PieRow {
  id: string;
  fan_id: string;
  subscription_id: string | null;
  promo: boolean;
  amount_cents: string;
  artist_limit: number;
  artist_popularity: number;
  exclude_non_active: boolean;
  pie_days: number;
  pending_settings: PieSettings | null;
  status: PieStatus;
  created_at: Date;
}

export interface PeriodRow {
  id: string;
  pie_id: string;
  seq: number;
  starts_at: Date;
  ends_at: Date;
  funded_cents: string;
  amount_cents: string;
  artist_limit: number;
  artist_popularity: number;
  exclude_non_active: boolean;
  state: PeriodState;
  closed_at: Date | null;
  split_cents: string | null;
  distributed_cents: string | null;
  artist_count: number | null;
  rolled_over: boolean | null;
  journal_id: string | null;
  /** The invoice that paid for the period (billing's journal references it as `stripeInvoiceId`). */
  invoice_id: string | null;
}

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
  const [row] = await em.execute<PieRow[]>(`select * from pies.pies where id = ? and fan_id = ?`, [pieId, fanId]);
  return row ?? null;
}

export async function findPie(em: EntityManager, pieId: string): Promise<PieRow | null> {
  const [row] = await em.execute<PieRow[]>(`select * from pies.pies where id = ?`, [pieId]);
  return row ?? null;
}

/** The period running now, else the latest one. */
export async function currentPeriodOf(em: EntityManager, pieId: string, now = new Date()): Promise<PeriodRow | null> {
  const [row] = await em.execute<PeriodRow[]>(
    `select * from pies.periods where pie_id = ? order by (starts_at <= ?::timestamptz and ends_at > ?::timestamptz) desc, starts_at desc limit 1`,
    [pieId, now.toISOString(), now.toISOString()],
  );
  return row ?? null;
}

export async function periodsOf(em: EntityManager, pieIds: string[]): Promise<PeriodRow[]> {
  if (pieIds.length === 0) return [];
  return em.execute<PeriodRow[]>(`select * from pies.periods where pie_id = any(?::uuid[]) order by starts_at desc`, [pgArray(pieIds)]);
}
