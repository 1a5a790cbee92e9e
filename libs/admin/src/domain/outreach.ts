import type { CrmStatus } from '#pie/contracts';
import { adminNames } from '#pie/identity';
import type { EntityManager } from '#pie/platform';

/* The outreach CRM: each unclaimed artist's status, the dated log of contacts, the found address. */

export async function crmStatusesOf(em: EntityManager, artistIds: string[]): Promise<Map<string, CrmStatus>> {
  if (artistIds.length === 0) return new Map();
  const rows = await em.execute<{ artist_id: string; crm_status: CrmStatus }[]>(`select artist_id, crm_status from admin.artist_crm where artist_id = any(?::uuid[])`, [`{${artistIds.join(',')}}`]);
  return new Map(rows.map((row) => [row.artist_id, row.crm_status]));
}

/** Artists with a given CRM status ('not_contacted' also means: no row yet). */
export async function artistsWithCrmStatus(em: EntityManager, status: CrmStatus): Promise<{ ids: string[]; exclude: boolean }> {
  if (status === 'not_contacted') {
    const rows = await em.execute<{ artist_id: string }[]>(`select artist_id from admin.artist_crm where crm_status <> 'not_contacted'`);
    return { ids: rows.map((row) => row.artist_id), exclude: true };
  }
  const rows = await em.execute<{ artist_id: string }[]>(`select artist_id from admin.artist_crm where crm_status = ?`, [status]);
  return { ids: rows.map((row) => row.artist_id), exclude: false };
}

export async function setCrmStatus(tx: EntityManager, artistId: string, status: CrmStatus): Promise<{ before: CrmStatus; after: CrmStatus }> {
  const before = (await crmStatusesOf(tx, [artistId])).get(artistId) ?? 'not_contacted';
  await tx.execute(
    `insert into admin.artist_crm (artist_id, crm_status) values (?, ?) on conflict (artist_id) do update set crm_status = excluded.crm_status, updated_at = now()`,
    [artistId, status],
  );
  return { before, after: status };
}

export async function addCommunication(tx: EntityManager, input: { artistId: string; adminId: string; channel: string; note: string; contactedAt: Date }): Promise<{ id: string }> {
  const [row] = await tx.execute<{ id: string }[]>(
    `insert into admin.artist_communications (artist_id, admin_id, channel, note, contacted_at) values (?, ?, ?, ?, ?) returning id`,
    [input.artistId, input.adminId, input.channel, input.note, input.contactedAt],
  );
  return row;
}

export async function communicationsOf(em: EntityManager, artistId: string): Promise<{ id: string; channel: string; note: string; contactedAt: string; adminName: string }[]> {
  const rows = await em.execute<{ id: string; admin_id: string; channel: string; note: string; contacted_at: Date }[]>(
    `select id, admin_id, channel, note, contacted_at from admin.artist_communications where artist_id = ? order by contacted_at desc, created_at desc`,
    [artistId],
  );
  const names = await adminNames(em, [...new Set(rows.map((row) => row.admin_id))]);
  return rows.map((row) => ({ id: row.id, channel: row.channel, note: row.note, contactedAt: new Date(row.contacted_at).toISOString(), adminName: names.get(row.admin_id) ?? '(removed admin)' }));
}

export async function contactEmailsOf(em: EntityManager, artistIds: string[]): Promise<Map<string, string>> {
  if (artistIds.length === 0) return new Map();
  const rows = await em.execute<{ artist_id: string; email: string }[]>(`select artist_id, email from admin.email_discoveries where artist_id = any(?::uuid[]) and email is not null`, [
    `{${artistIds.join(',')}}`,
  ]);
  return new Map(rows.map((row) => [row.artist_id, row.email]));
}
