import type { EntityManager } from '#pie/platform';
import { piesDb } from '../db/pies-db.js';

/** One of the fan's closed periods (another fan's, or one not closed, is null): the scope of an impact card. */
export async function closedPeriodOfFan(em: EntityManager, fanId: string, periodId: string): Promise<{ id: string; pieId: string; invoiceId: string | null; startsAt: Date; endsAt: Date } | null> {
  const row = await piesDb(em)
    .selectFrom('pies.periods as pr')
    .innerJoin('pies.pies as p', 'p.id', 'pr.pie_id')
    .select(['pr.id', 'pr.pie_id', 'pr.invoice_id', 'pr.starts_at', 'pr.ends_at'])
    .where('pr.id', '=', periodId)
    .where('p.fan_id', '=', fanId)
    .where('pr.state', '=', 'closed')
    .executeTakeFirst();
  return row ? { id: row.id, pieId: row.pie_id, invoiceId: row.invoice_id, startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) } : null;
}

/** Whose pie this is (null for an unknown id): the public pie's card is that fan's. */
export async function pieOwner(em: EntityManager, pieId: string): Promise<string | null> {
  const row = await piesDb(em).selectFrom('pies.pies').select('fan_id').where('id', '=', pieId).executeTakeFirst();
  return row?.fan_id ?? null;
}
