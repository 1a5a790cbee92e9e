import type { OfficeRole } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import { adminOnly, officeNotFound } from './offices.errors.js';

export interface Membership {
  officeId: string;
  userId: string;
  role: OfficeRole;
}

/**
 * The facade other modules (claims, pies, payouts) read: the caller's active membership of an office,
 * or null (not a member, only invited, or the office is deleted).
 */
export async function membershipOf(em: EntityManager, officeId: string, userId: string): Promise<Membership | null> {
  const rows = await em.execute<{ role: OfficeRole }[]>(
    `select m.role from offices.members m join offices.offices o on o.id = m.office_id
      where m.office_id = ? and m.user_id = ? and m.status = 'active' and o.deleted_at is null`,
    [officeId, userId],
  );
  return rows[0] ? { officeId, userId, role: rows[0].role } : null;
}

/** Every office the person is an active member of, with their role. */
export async function membershipsOf(em: EntityManager, userId: string): Promise<Membership[]> {
  const rows = await em.execute<{ office_id: string; role: OfficeRole }[]>(
    `select m.office_id, m.role from offices.members m join offices.offices o on o.id = m.office_id
      where m.user_id = ? and m.status = 'active' and o.deleted_at is null order by o.created_at, o.id`,
    [userId],
  );
  return rows.map((row) => ({ officeId: row.office_id, userId, role: row.role }));
}

/** Members and roles of an office (active ones), for other modules. */
export async function officeMembers(em: EntityManager, officeId: string): Promise<Membership[]> {
  const rows = await em.execute<{ user_id: string; role: OfficeRole }[]>(
    `select user_id, role from offices.members where office_id = ? and status = 'active' order by joined_at, user_id`,
    [officeId],
  );
  return rows.map((row) => ({ officeId, userId: row.user_id, role: row.role }));
}

/** The artists assigned to a member (admins see every artist of the office regardless). */
export async function assignedArtistIds(em: EntityManager, officeId: string, userId: string): Promise<string[]> {
  const rows = await em.execute<{ artist_id: string }[]>(
    `select artist_id from offices.member_artists where office_id = ? and user_id = ? order by assigned_at, artist_id`,
    [officeId, userId],
  );
  return rows.map((row) => row.artist_id);
}

/** Whether the person may see and work on this artist in this office: admins always, members when assigned. */
export async function canWorkOnArtist(em: EntityManager, membership: Membership, artistId: string): Promise<boolean> {
  if (membership.role === 'admin') return true;
  const rows = await em.execute<{ one: number }[]>(
    `select 1 as one from offices.member_artists where office_id = ? and user_id = ? and artist_id = ?`,
    [membership.officeId, membership.userId, artistId],
  );
  return rows.length > 0;
}

/** 404 unless the caller is an active member (a foreign office looks missing). */
export async function requireMember(em: EntityManager, officeId: string, userId: string): Promise<Membership> {
  const membership = await membershipOf(em, officeId, userId);
  if (!membership) throw officeNotFound();
  return membership;
}

/** 404 for outsiders, 403 for members: only an office admin manages the office. */
export async function requireAdmin(em: EntityManager, officeId: string, userId: string): Promise<Membership> {
  const membership = await requireMember(em, officeId, userId);
  if (membership.role !== 'admin') throw adminOnly();
  return membership;
}

/** Serialises changes to one office's members (the last-admin rule must hold under concurrency). */
export async function lockOffice(em: EntityManager, officeId: string): Promise<void> {
  await em.execute(`select id from offices.offices where id = ? for update`, [officeId]);
}

export async function activeAdminCount(em: EntityManager, officeId: string): Promise<number> {
  const rows = await em.execute<{ n: number }[]>(`select count(*)::int as n from offices.members where office_id = ? and role = 'admin' and status = 'active'`, [officeId]);
  return Number(rows[0]?.n ?? 0);
}
