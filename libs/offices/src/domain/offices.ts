import { randomUUID } from 'node:crypto';
import type { Office, OfficeMember, OfficeRole, OfficeType } from '#pie/contracts';
import { artistUserCards } from '#pie/identity';
import { SendEmail, type SendEmailPayload } from '#pie/notifications';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { officeNotFound } from './offices.errors.js';

/** Creates an office with its creator as its first admin. */
export async function createOfficeFor(em: EntityManager, userId: string, email: string, name: string, type: OfficeType): Promise<string> {
  const id = randomUUID();
  await em.execute(`insert into offices.offices (id, name, type, created_by) values (?, ?, ?, ?)`, [id, name, type, userId]);
  await em.execute(
    `insert into offices.members (office_id, user_id, email, role, status, joined_at) values (?, ?, ?, 'admin', 'active', now())`,
    [id, userId, email.toLowerCase()],
  );
  return id;
}

interface MemberRow {
  office_id: string;
  user_id: string;
  email: string;
  role: OfficeRole;
  status: 'invited' | 'active';
  invited_at: Date | null;
  joined_at: Date | null;
}

export async function membersOf(em: EntityManager, officeIds: string[]): Promise<Map<string, OfficeMember[]>> {
  const byOffice = new Map<string, OfficeMember[]>();
  if (officeIds.length === 0) return byOffice;
  const rows = await em.execute<MemberRow[]>(
    `select office_id, user_id, email, role, status, invited_at, joined_at from offices.members
      where office_id = any(?::uuid[]) order by status, role, coalesce(joined_at, invited_at), email`,
    [`{${officeIds.join(',')}}`],
  );
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
  const rows = await em.execute<{ id: string; name: string; type: OfficeType; role: OfficeRole }[]>(
    `select o.id, o.name, o.type, m.role from offices.offices o join offices.members m on m.office_id = o.id
      where m.user_id = ? and m.status = 'active' and o.deleted_at is null ${onlyOfficeId ? 'and o.id = ?' : ''}
      order by o.created_at, o.id`,
    onlyOfficeId ? [userId, onlyOfficeId] : [userId],
  );
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
  const rows = await em.execute<{ id: string; name: string }[]>(`select id, name from offices.offices where id = ? and deleted_at is null`, [officeId]);
  return rows[0] ?? null;
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
  const rows = await em.execute<{ user_id: string }[]>(
    `select user_id from offices.members where office_id = ? and role = 'admin' and status = 'active' order by joined_at, user_id`,
    [officeId],
  );
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
  await em.execute(`update offices.offices set deleted_at = now(), updated_at = now() where id = ? and deleted_at is null`, [officeId]);
}
