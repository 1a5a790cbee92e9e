import type { EntityManager } from '#pie/platform';

/** One of the fan's closed periods (another fan's, or one not closed, is null): the scope of an impact card. */
export async function closedPeriodOfFan(em: EntityManager, fanId: string, periodId: string): Promise<{ id: string; pieId: string; invoiceId: string | null; startsAt: Date; endsAt: Date } | null> {
  const [row] = await em.execute<{ id: string; pie_id: string; invoice_id: string | null; starts_at: Date; ends_at: Date }[]>(
    `select pr.id, pr.pie_id, pr.invoice_id, pr.starts_at, pr.ends_at from pies.periods pr join pies.pies p on p.id = pr.pie_id
      where pr.id = ? and p.fan_id = ? and pr.state = 'closed'`,
    [periodId, fanId],
  );
  return row ? { id: row.id, pieId: row.pie_id, invoiceId: row.invoice_id, startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) } : null;
}

/** Whose pie this is (null for an unknown id): the public pie's card is that fan's. */
export async function pieOwner(em: EntityManager, pieId: string): Promise<string | null> {
  const [row] = await em.execute<{ fan_id: string }[]>(`select fan_id from pies.pies where id = ?`, [pieId]);
  return row?.fan_id ?? null;
}
