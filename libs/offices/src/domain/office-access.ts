import { sql } from 'kysely';
import type { OfficeRole } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import { officesDb } from '../db/offices-db.js';
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
  const row = await officesDb(em)
    .selectFrom('offices.members as m')
    .innerJoin('offices.offices as o', 'o.id', 'm.office_id')
    .select('m.role')
    .where('m.office_id', '=', officeId)
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { officeId, userId, role: row.role } : null;
}

/** Every office the person is an active member of, with their role. */
export async function membershipsOf(em: EntityManager, userId: string): Promise<Membership[]> {
  const rows = await officesDb(em)
    .selectFrom('offices.members as m')
    .innerJoin('offices.offices as o', 'o.id', 'm.office_id')
    .select(['m.office_id', 'm.role'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .where('o.deleted_at', 'is', null)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
  return rows.map((row) => ({ officeId: row.office_id, userId, role: row.role }));
}

/** The artists assigned to a member (admins see every artist of the office regardless). */
export async function assignedArtistIds(em: EntityManager, officeId: string, userId: string): Promise<string[]> {
  const rows = await officesDb(em)
    .selectFrom('offices.member_artists')
    .select('artist_id')
    .where('office_id', '=', officeId)
    .where('user_id', '=', userId)
    .orderBy('assigned_at')
    .orderBy('artist_id')
    .execute();
  return rows.map((row) => row.artist_id);
}

/** Whether the person may see and work on this artist in this office: admins always, members when assigned. */
export async function canWorkOnArtist(em: EntityManager, membership: Membership, artistId: string): Promise<boolean> {
  if (membership.role === 'admin') return true;
  const row = await officesDb(em)
    .selectFrom('offices.member_artists')
    .select(sql<number>`1`.as('one'))
    .where('office_id', '=', membership.officeId)
    .where('user_id', '=', membership.userId)
    .where('artist_id', '=', artistId)
    .executeTakeFirst();
  return row !== undefined;
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
  await officesDb(em).selectFrom('offices.offices').select('id').where('id', '=', officeId).forUpdate().execute();
}

export async function activeAdminCount(em: EntityManager, officeId: string): Promise<number> {
  const row = await officesDb(em)
    .selectFrom('offices.members')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('office_id', '=', officeId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether the person has a row in the office, invited or active (the member a request names exists). */
export async function hasMemberRow(em: EntityManager, officeId: string, userId: string): Promise<boolean> {
  const row = await officesDb(em)
    .selectFrom('offices.members')
    .select(sql<number>`1`.as('one'))
    .where('office_id', '=', officeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
