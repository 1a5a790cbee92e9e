import type { EntityManager } from '#pie/platform';

/* The back office's view of pies (the admin module reads this facade, never the tables). */

/** The fans with a live pie (active or past due). */
/** Fans with an active or past-due pie: all of them, or those among `among` (a page of fans). */
export async function fansWithLivePie(em: EntityManager, among?: readonly string[]): Promise<string[]> {
  if (among?.length === 0) return [];
  const rows = await em.execute<{ fan_id: string }[]>(
    `select distinct fan_id from pies.pies where status in ('active', 'past_due') ${among ? 'and fan_id = any(?::uuid[])' : ''}`,
    among ? [`{${among.join(',')}}`] : [],
  );
  return rows.map((row) => row.fan_id);
}

export async function livePieCount(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from pies.pies where status in ('active', 'past_due')`);
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

/** Every closed period's shares per artist: what the pies gave each artist, in all (the escrow check's "allocations"). */
export async function allocationsByArtist(em: EntityManager): Promise<Map<string, number>> {
  const rows = await em.execute<{ artist_id: string; cents: string }[]>(
    `select pa.artist_id, sum(pa.share_cents) as cents from pies.period_artists pa join pies.periods p on p.id = pa.period_id
      where p.state = 'closed' and pa.share_cents > 0 group by pa.artist_id`,
  );
  return new Map(rows.map((row) => [row.artist_id, Number(row.cents)]));
}

/** Artists in a live pie's latest period (for the admin's "active pie" filter). */
export async function artistsInLivePies(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ artist_id: string }[]>(
    `select distinct pa.artist_id from pies.period_artists pa join pies.periods p on p.id = pa.period_id join pies.pies pi on pi.id = p.pie_id
      where pi.status in ('active', 'past_due') and pa.selected`,
  );
  return rows.map((row) => row.artist_id);
}
