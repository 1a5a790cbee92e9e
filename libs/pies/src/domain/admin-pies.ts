import type { EntityManager } from '#pie/platform';
import { LIVE_PIE_SQL } from './pie-statuses.js';

/* The back office's view of pies (the admin module reads this facade, never the tables). */

/** The fans with a live pie (active or past due). */
/** Fans with an active or past-due pie: all of them, or those among `among` (a page of fans). */
export async function fansWithLivePie(em: EntityManager, among?: readonly string[]): Promise<string[]> {
  if (among?.length === 0) return [];
  const rows = await em.execute<{ fan_id: string }[]>(
    `select distinct fan_id from pies.pies where status in ${LIVE_PIE_SQL} ${among ? 'and fan_id = any(?::uuid[])' : ''}`,
    among ? [`{${among.join(',')}}`] : [],
  );
  return rows.map((row) => row.fan_id);
}

export async function livePieCount(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from pies.pies where status in ${LIVE_PIE_SQL}`);
  return row.n;
}

/** A fan's pies, newest first. */
export async function piesOfFan(em: EntityManager, fanId: string): Promise<{ id: string; status: string; amountCents: number; pieDays: number; createdAt: string }[]> {
  const rows = await em.execute<{ id: string; status: string; amount_cents: string; pie_days: number; created_at: Date }[]>(
    `select id, status, amount_cents, pie_days, created_at from pies.pies where fan_id = ? order by created_at desc`,
    [fanId],
  );
  return rows.map((row) => ({ id: row.id, status: row.status, amountCents: Number(row.amount_cents), pieDays: row.pie_days, createdAt: new Date(row.created_at).toISOString() }));
}

/** Every closed period's shares per artist and fan: what each fan's pies gave each artist, in all (the escrow check's money in). */
export async function allocationsByArtistAndFan(em: EntityManager): Promise<{ artistId: string; fanId: string; cents: number }[]> {
  const rows = await em.execute<{ artist_id: string; fan_id: string; cents: string }[]>(
    `select pa.artist_id, pi.fan_id, sum(pa.share_cents) as cents
       from pies.period_artists pa join pies.periods p on p.id = pa.period_id join pies.pies pi on pi.id = p.pie_id
      where p.state = 'closed' and pa.share_cents > 0 group by pa.artist_id, pi.fan_id order by 1, 2`,
  );
  return rows.map((row) => ({ artistId: row.artist_id, fanId: row.fan_id, cents: Number(row.cents) }));
}

/** Artists in a live pie's latest period (for the admin's "active pie" filter). */
export async function artistsInLivePies(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ artist_id: string }[]>(
    `select distinct pa.artist_id from pies.period_artists pa join pies.periods p on p.id = pa.period_id join pies.pies pi on pi.id = p.pie_id
      where pi.status in ${LIVE_PIE_SQL} and pa.selected`,
  );
  return rows.map((row) => row.artist_id);
}

/** When these pie periods ran and whose pies they are (unknown ids are absent): to say which periods an artist's money came from. */
export async function periodWindows(em: EntityManager, periodIds: readonly string[]): Promise<Map<string, { startsAt: string; endsAt: string; fanId: string }>> {
  if (periodIds.length === 0) return new Map();
  const rows = await em.execute<{ id: string; starts_at: Date; ends_at: Date; fan_id: string }[]>(
    `select pr.id, pr.starts_at, pr.ends_at, p.fan_id from pies.periods pr join pies.pies p on p.id = pr.pie_id where pr.id = any(?::uuid[])`,
    [`{${periodIds.join(',')}}`],
  );
  return new Map(rows.map((row) => [row.id, { startsAt: new Date(row.starts_at).toISOString(), endsAt: new Date(row.ends_at).toISOString(), fanId: row.fan_id }]));
}
