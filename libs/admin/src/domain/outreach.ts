import { sql } from 'kysely';
import type { CrmStatus } from '#pie/contracts';
import { adminNames } from '#pie/identity';
import type { EntityManager } from '#pie/platform';
import { adminDb } from '../db/admin-db.js';

/* The outreach CRM: each unclaimed artist's status, the dated log of contacts, the found address. */

export async function crmStatusesOf(em: EntityManager, artistIds: string[]): Promise<Map<string, CrmStatus>> {
  if (artistIds.length === 0) return new Map();
  const rows = await adminDb(em).selectFrom('admin.artist_crm').select(['artist_id', 'crm_status']).where('artist_id', 'in', artistIds).execute();
  return new Map(rows.map((row) => [row.artist_id, row.crm_status]));
}

export async function setCrmStatus(tx: EntityManager, artistId: string, status: CrmStatus): Promise<{ before: CrmStatus; after: CrmStatus }> {
  const before = (await crmStatusesOf(tx, [artistId])).get(artistId) ?? 'not_contacted';
  await adminDb(tx)
    .insertInto('admin.artist_crm')
    .values({ artist_id: artistId, crm_status: status })
    .onConflict((conflict) => conflict.column('artist_id').doUpdateSet({ crm_status: (eb) => eb.ref('excluded.crm_status'), updated_at: sql`now()` }))
    .execute();
  return { before, after: status };
}

export async function addCommunication(
  tx: EntityManager,
  input: { artistId: string; adminId: string; channel: 'email' | 'phone' | 'social' | 'meeting' | 'other'; note: string; contactedAt: Date },
): Promise<{ id: string }> {
  return adminDb(tx)
    .insertInto('admin.artist_communications')
    .values({ artist_id: input.artistId, admin_id: input.adminId, channel: input.channel, note: input.note, contacted_at: input.contactedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function communicationsOf(em: EntityManager, artistId: string): Promise<{ id: string; channel: string; note: string; contactedAt: string; adminName: string }[]> {
  const rows = await adminDb(em)
    .selectFrom('admin.artist_communications')
    .select(['id', 'admin_id', 'channel', 'note', 'contacted_at'])
    .where('artist_id', '=', artistId)
    .orderBy('contacted_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  const names = await adminNames(em, [...new Set(rows.map((row) => row.admin_id))]);
  return rows.map((row) => ({ id: row.id, channel: row.channel, note: row.note, contactedAt: new Date(row.contacted_at).toISOString(), adminName: names.get(row.admin_id) ?? '(removed admin)' }));
}

export async function contactEmailsOf(em: EntityManager, artistIds: string[]): Promise<Map<string, string>> {
  if (artistIds.length === 0) return new Map();
  const rows = await adminDb(em).selectFrom('admin.email_discoveries').select(['artist_id', 'email']).where('artist_id', 'in', artistIds).where('email', 'is not', null).execute();
  return new Map(rows.map((row) => [row.artist_id, row.email!]));
}
