import { sql } from 'kysely';
import type { EntityManager, ListSource } from '#pie/platform';
import { piesDb } from '../db/pies-db.js';
import { LIVE_PIE_STATUSES } from './pie-statuses.js';

/* The back office's view of pies (the admin module reads this facade, never the tables). */

/** Each fan with an active or past-due pie, once (`distinct`): a list source (the admin's fan list filters and marks them). */
export function livePieFanListing(em: EntityManager): ListSource<{ fanId: string }> {
  return piesDb(em).selectFrom('pies.pies').select('fan_id as fanId').distinct().where('status', 'in', LIVE_PIE_STATUSES);
}

export async function livePieCount(em: EntityManager): Promise<number> {
  const row = await piesDb(em).selectFrom('pies.pies').select(sql<number>`count(*)::int`.as('n')).where('status', 'in', LIVE_PIE_STATUSES).executeTakeFirstOrThrow();
  return row.n;
}

/** A fan's pies, newest first. */
export async function piesOfFan(em: EntityManager, fanId: string): Promise<{ id: string; status: string; amountCents: number; pieDays: number; createdAt: string }[]> {
  const rows = await piesDb(em).selectFrom('pies.pies').select(['id', 'status', 'amount_cents', 'pie_days', 'created_at']).where('fan_id', '=', fanId).orderBy('created_at', 'desc').execute();
  return rows.map((row) => ({ id: row.id, status: row.status, amountCents: Number(row.amount_cents), pieDays: row.pie_days, createdAt: new Date(row.created_at).toISOString() }));
}

/** Every closed period's shares per artist and fan: what each fan's pies gave each artist, in all (the escrow check's money in). */
export async function allocationsByArtistAndFan(em: EntityManager): Promise<{ artistId: string; fanId: string; cents: number }[]> {
  const rows = await piesDb(em)
    .selectFrom('pies.period_artists as pa')
    .innerJoin('pies.periods as p', 'p.id', 'pa.period_id')
    .innerJoin('pies.pies as pi', 'pi.id', 'p.pie_id')
    .select(['pa.artist_id', 'pi.fan_id', sql<string>`sum(pa.share_cents)`.as('cents')])
    .where('p.state', '=', 'closed')
    .where('pa.share_cents', '>', '0')
    .groupBy(['pa.artist_id', 'pi.fan_id'])
    .orderBy(sql`1`)
    .orderBy(sql`2`)
    .execute();
  return rows.map((row) => ({ artistId: row.artist_id, fanId: row.fan_id, cents: Number(row.cents) }));
}

/** Artists selected in a live pie's periods, once (`distinct`): a list source (the admin's "active pie" filter). */
export function livePieArtistListing(em: EntityManager): ListSource<{ artistId: string }> {
  return piesDb(em)
    .selectFrom('pies.period_artists as pa')
    .innerJoin('pies.periods as p', 'p.id', 'pa.period_id')
    .innerJoin('pies.pies as pi', 'pi.id', 'p.pie_id')
    .select('pa.artist_id as artistId')
    .distinct()
    .where('pi.status', 'in', LIVE_PIE_STATUSES)
    .where('pa.selected', '=', true);
}

/** When these pie periods ran and whose pies they are (unknown ids are absent): to say which periods an artist's money came from. */
export async function periodWindows(em: EntityManager, periodIds: readonly string[]): Promise<Map<string, { startsAt: string; endsAt: string; fanId: string }>> {
  if (periodIds.length === 0) return new Map();
  const rows = await piesDb(em)
    .selectFrom('pies.periods as pr')
    .innerJoin('pies.pies as p', 'p.id', 'pr.pie_id')
    .select(['pr.id', 'pr.starts_at', 'pr.ends_at', 'p.fan_id'])
    .where('pr.id', 'in', periodIds)
    .execute();
  return new Map(rows.map((row) => [row.id, { startsAt: new Date(row.starts_at).toISOString(), endsAt: new Date(row.ends_at).toISOString(), fanId: row.fan_id }]));
}
