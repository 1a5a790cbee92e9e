import { sql } from 'kysely';
import type { AdminSearchPageQuery, Pagination } from '#pie/contracts';
import { containsPattern, pageOfQuery, type EntityManager } from '#pie/platform';
import { officesDb } from '../db/offices-db.js';

/* The back office's view of offices (the admin module reads this facade, never the tables). */

export interface AdminOfficeSummary {
  id: string;
  name: string;
  type: string;
  members: number;
  createdAt: string;
  deletedAt: string | null;
}

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** Offices with their count of active members, as the back office lists them. */
function officesWithMemberCounts(em: EntityManager) {
  return officesDb(em)
    .selectFrom('offices.offices as o')
    .select((eb) => [
      'o.id',
      'o.name',
      'o.type',
      'o.created_at',
      'o.deleted_at',
      eb
        .selectFrom('offices.members as m')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('m.office_id', '=', 'o.id')
        .where('m.status', '=', 'active')
        .as('members'),
    ]);
}

function toAdminOffice(row: { id: string; name: string; type: string; created_at: string; deleted_at: string | null; members: string | null }): AdminOfficeSummary {
  return { id: row.id, name: row.name, type: row.type, members: Number(row.members), createdAt: iso(row.created_at)!, deletedAt: iso(row.deleted_at) };
}

export async function adminOfficesPage(em: EntityManager, query: AdminSearchPageQuery): Promise<{ items: AdminOfficeSummary[]; pagination: Pagination }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const { rows, pagination } = await pageOfQuery(
    officesWithMemberCounts(em)
      .$if(pattern !== null, (q) => q.where('o.name', 'ilike', pattern!))
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id'),
    query,
  );
  return { items: rows.map(toAdminOffice), pagination };
}

export async function adminOffice(em: EntityManager, officeId: string): Promise<(AdminOfficeSummary & { people: { userId: string; email: string; role: string; status: string }[] }) | null> {
  const row = await officesWithMemberCounts(em).where('o.id', '=', officeId).executeTakeFirst();
  if (!row) return null;
  const people = await officesDb(em)
    .selectFrom('offices.members')
    .select(['user_id', 'email', 'role', 'status'])
    .where('office_id', '=', officeId)
    .orderBy('role')
    .orderBy('email')
    .execute();
  return { ...toAdminOffice(row), people: people.map((person) => ({ userId: person.user_id, email: person.email, role: person.role, status: person.status })) };
}

/** The offices an artist account belongs to, with its role. */
export async function officesOfUser(em: EntityManager, userId: string): Promise<{ officeId: string; name: string; role: string; status: string }[]> {
  const rows = await officesDb(em)
    .selectFrom('offices.members as m')
    .innerJoin('offices.offices as o', 'o.id', 'm.office_id')
    .select(['m.office_id', 'o.name', 'm.role', 'm.status'])
    .where('m.user_id', '=', userId)
    .orderBy('o.name')
    .execute();
  return rows.map((row) => ({ officeId: row.office_id, name: row.name, role: row.role, status: row.status }));
}

export async function countOffices(em: EntityManager): Promise<number> {
  const row = await officesDb(em).selectFrom('offices.offices').select(sql<number>`count(*)::int`.as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
  return row.n;
}

/** Offices' names by id (a deleted office keeps its name), for the back office's links. */
export async function officeNames(em: EntityManager, officeIds: readonly string[]): Promise<Map<string, string>> {
  if (officeIds.length === 0) return new Map();
  const rows = await officesDb(em).selectFrom('offices.offices').select(['id', 'name']).where('id', 'in', [...officeIds]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
