import type { AdminSearchPageQuery, Pagination } from '#pie/contracts';
import { containsPattern, pageOf, type EntityManager } from '#pie/platform';

/* The back office's view of offices (the admin module reads this facade, never the tables). */

export interface AdminOfficeRow {
  id: string;
  name: string;
  type: string;
  members: number;
  createdAt: string;
  deletedAt: string | null;
}

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const toRow = (row: Record<string, unknown>): AdminOfficeRow => ({
  id: String(row.id),
  name: String(row.name),
  type: String(row.type),
  members: Number(row.members),
  createdAt: iso(row.created_at)!,
  deletedAt: iso(row.deleted_at),
});
const SQL = `select o.id, o.name, o.type, o.created_at, o.deleted_at, (select count(*) from offices.members m where m.office_id = o.id and m.status = 'active') as members from offices.offices o`;

export async function adminOfficesPage(em: EntityManager, query: AdminSearchPageQuery): Promise<{ items: AdminOfficeRow[]; pagination: Pagination }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const { rows, pagination } = await pageOf<Record<string, unknown>>(em, { sql: `${SQL} where (?::text is null or o.name ilike ?)`, params: [pattern, pattern], orderBy: 'created_at desc, id', page: query.page, limit: query.limit });
  return { items: rows.map(toRow), pagination };
}

export async function adminOffice(em: EntityManager, officeId: string): Promise<(AdminOfficeRow & { people: { userId: string; email: string; role: string; status: string }[] }) | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(`${SQL} where o.id = ?`, [officeId]);
  if (!row) return null;
  const people = await em.execute<{ user_id: string; email: string; role: string; status: string }[]>(`select user_id, email, role, status from offices.members where office_id = ? order by role, email`, [officeId]);
  return { ...toRow(row), people: people.map((person) => ({ userId: person.user_id, email: person.email, role: person.role, status: person.status })) };
}

/** The offices an artist account belongs to, with its role. */
export async function officesOfUser(em: EntityManager, userId: string): Promise<{ officeId: string; name: string; role: string; status: string }[]> {
  const rows = await em.execute<{ office_id: string; name: string; role: string; status: string }[]>(
    `select m.office_id, o.name, m.role, m.status from offices.members m join offices.offices o on o.id = m.office_id where m.user_id = ? order by o.name`,
    [userId],
  );
  return rows.map((row) => ({ officeId: row.office_id, name: row.name, role: row.role, status: row.status }));
}

export async function countOffices(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from offices.offices where deleted_at is null`);
  return row.n;
}

/** Offices' names by id (a deleted office keeps its name), for the back office's links. */
export async function officeNames(em: EntityManager, officeIds: readonly string[]): Promise<Map<string, string>> {
  if (officeIds.length === 0) return new Map();
  const rows = await em.execute<{ id: string; name: string }[]>(`select id, name from offices.offices where id = any(?::uuid[])`, [`{${officeIds.join(',')}}`]);
  return new Map(rows.map((row) => [row.id, row.name]));
}
