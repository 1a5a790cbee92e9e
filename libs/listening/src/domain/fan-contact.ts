import type { EntityManager } from '#pie/platform';

export interface FanContact {
  email: string;
  firstName: string;
}

/**
 * Where to write to a fan. TEMPORARY cross-schema read: identity owns identity.fans and should
 * expose this through its facade (asked for in the listening hand-over); until then this one
 * narrow read is the only place listening looks outside its schema.
 */
export async function fanContact(em: EntityManager, fanId: string): Promise<FanContact | null> {
  const [row] = await em.execute<{ email: string; first_name: string }[]>(
    `select email, first_name from identity.fans where id = ? and deleted_at is null`,
    [fanId],
  );
  if (!row || row.email.endsWith('.invalid')) return null;
  return { email: row.email, firstName: row.first_name };
}
