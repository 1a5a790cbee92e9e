import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Office, OfficeMember, OfficeType } from '#pie/contracts';
import { artistUserCards } from '#pie/identity';
import { SendEmail, type SendEmailPayload } from '#pie/notifications';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { officesDb } from '../db/offices-db.js';
import { officeNotFound } from './offices.errors.js';

/** Creates an office with its creator as its first admin. */
export async function createOfficeFor(em: EntityManager, userId: string, email: string, name: string, type: OfficeType): Promise<string> {
  const id = randomUUID();
  const db = officesDb(em);
  await db.insertInto('offices.offices').values({ id, name, type, created_by: userId }).execute();
  await db
    .insertInto('offices.members')
    .values({ office_id: id, user_id: userId, email: email.toLowerCase(), role: 'admin', status: 'active', joined_at: sql`now()` })
    .execute();
  return id;
}

export async function membersOf(em: EntityManager, officeIds: string[]): Promise<Map<string, OfficeMember[]>> {
  const byOffice = new Map<string, OfficeMember[]>();
  if (officeIds.length === 0) return byOffice;
  const rows = await officesDb(em)
    .selectFrom('offices.members')
    .select(['office_id', 'user_id', 'email', 'role', 'status', 'invited_at', 'joined_at'])
    .where('office_id', 'in', officeIds)
    .orderBy('status')
    .orderBy('role')
    .orderBy(sql`coalesce(joined_at, invited_at)`)
    .orderBy('email')
    .execute();
  // Names only of people who accepted: an invitation tells the office nothing about the address.
  const cards = await artistUserCards(em, [...new Set(rows.filter((row) => row.status === 'active').map((row) => row.user_id))]);
  for (const row of rows) {
    const card = cards.get(row.user_id);
    const list = byOffice.get(row.office_id) ?? [];
    list.push({
      user_id: row.user_id,
      email: row.email,
      role: row.role,
      status: row.status,
      first_name: card?.firstName ?? null,
      last_name: card?.lastName ?? null,
      invited_at: row.invited_at ? new Date(row.invited_at).toISOString() : null,
      joined_at: row.joined_at ? new Date(row.joined_at).toISOString() : null,
    });
    byOffice.set(row.office_id, list);
  }
  return byOffice;
}

/** The offices the person belongs to, each with their role and its members. */
export async function officesOf(em: EntityManager, userId: string, onlyOfficeId?: string): Promise<Office[]> {
  const rows = await officesDb(em)
    .selectFrom('offices.offices as o')
    .innerJoin('offices.members as m', 'm.office_id', 'o.id')
    .select(['o.id', 'o.name', 'o.type', 'm.role'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .where('o.deleted_at', 'is', null)
    .$if(onlyOfficeId !== undefined, (query) => query.where('o.id', '=', onlyOfficeId!))
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
  const members = await membersOf(em, rows.map((row) => row.id));
  return rows.map((row) => ({ _id: row.id, name: row.name, type: row.type, role: row.role, members: members.get(row.id) ?? [] }));
}

export async function officeOf(em: EntityManager, userId: string, officeId: string): Promise<Office> {
  const [office] = await officesOf(em, userId, officeId);
  if (!office) throw officeNotFound();
  return office;
}

/** Name and id of an office (for invitation pages and other modules); null when missing or deleted. */
export async function officeCard(em: EntityManager, officeId: string): Promise<{ id: string; name: string } | null> {
  const office = await officesDb(em).selectFrom('offices.offices').select(['id', 'name']).where('id', '=', officeId).where('deleted_at', 'is', null).executeTakeFirst();
  return office ?? null;
}

export interface OfficeAdminContact {
  userId: string;
  email: string;
  firstName: string | null;
}

/**
 * Where other modules write to an office (claim results, its Stripe account): its name and its
 * active admins' current addresses (deleted accounts left out). Null when the office is deleted.
 */
export async function officeAdminContacts(em: EntityManager, officeId: string): Promise<{ officeName: string; admins: OfficeAdminContact[] } | null> {
  const office = await officeCard(em, officeId);
  if (!office) return null;
  const rows = await officesDb(em)
    .selectFrom('offices.members')
    .select('user_id')
    .where('office_id', '=', officeId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
  const cards = await artistUserCards(em, rows.map((row) => row.user_id));
  const admins = rows.flatMap((row) => {
    const card = cards.get(row.user_id);
    return card ? [{ userId: card.id, email: card.email, firstName: card.firstName }] : [];
  });
  return { officeName: office.name, admins };
}

/**
 * Records one mail per active admin of the office in `em`'s transaction (the caller's, with the
 * fact the mail reports). Answers how many were recorded (none for a deleted office).
 */
export async function mailOfficeAdmins(em: EntityManager, officeId: string, build: (admin: OfficeAdminContact, officeName: string) => SendEmailPayload): Promise<number> {
  const office = await officeAdminContacts(em, officeId);
  for (const admin of office?.admins ?? []) recordInOutbox(em, SendEmail.create(build(admin, office!.officeName)));
  return office?.admins.length ?? 0;
}

/** Soft-deletes an office (memberships end with it); the caller checks what may stop that. */
export async function softDeleteOffice(em: EntityManager, officeId: string): Promise<void> {
  await officesDb(em)
    .updateTable('offices.offices')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', officeId)
    .where('deleted_at', 'is', null)
    .execute();
}
