import type { EmailDiscoveryView } from '#pie/contracts';
import type { ArtistPages, PageContent } from '#pie/claims';
import { sql } from 'kysely';
import type { Database, EntityManager } from '#pie/platform';
import { adminDb } from '../db/admin-db.js';

type Step = EmailDiscoveryView['steps'][number];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PROFILE_STEP = 'Streaming profile';

/** Discoveries older than this that never finished are cleaned up (`email-discovery/cleanup`). */
export const STALE_DISCOVERY_MS = 60 * 60 * 1000;

export async function discoveryOf(em: EntityManager, artistId: string): Promise<EmailDiscoveryView> {
  const row = await adminDb(em).selectFrom('admin.email_discoveries').select(['status', 'steps', 'email', 'source', 'updated_at']).where('artist_id', '=', artistId).executeTakeFirst();
  if (!row) return { artistId, status: 'idle', steps: [], email: null, source: null, updatedAt: null };
  return { artistId, status: row.status, steps: row.steps as Step[], email: row.email, source: row.source, updatedAt: new Date(row.updated_at).toISOString() };
}

/**
 * Queues a discovery unless one is under way or (without `force`) one already found an address.
 * Answers whether it queued one.
 */
export async function startDiscovery(tx: EntityManager, artistId: string, adminId: string, force: boolean): Promise<boolean> {
  const current = await discoveryOf(tx, artistId);
  if (current.status === 'queued' || current.status === 'running') return false;
  if (current.status === 'done' && current.email && !force) return false;
  await adminDb(tx)
    .insertInto('admin.email_discoveries')
    .values({ artist_id: artistId, status: 'queued', steps: JSON.stringify([{ name: PROFILE_STEP, status: 'pending', detail: null }]), email: null, source: null, started_by: adminId })
    .onConflict((conflict) =>
      conflict.column('artist_id').doUpdateSet({
        status: 'queued',
        steps: (eb) => eb.ref('excluded.steps'),
        email: null,
        source: null,
        started_by: (eb) => eb.ref('excluded.started_by'),
        updated_at: sql`now()`,
      }),
    )
    .execute();
  return true;
}

async function save(database: Database, artistId: string, status: EmailDiscoveryView['status'], steps: Step[], found: { email: string; source: string } | null): Promise<void> {
  await adminDb(database.em())
    .updateTable('admin.email_discoveries')
    .set({ status: status as 'queued' | 'running' | 'done' | 'failed', steps: JSON.stringify(steps), email: found?.email ?? null, source: found?.source ?? null, updated_at: sql`now()` })
    .where('artist_id', '=', artistId)
    .execute();
}

/**
 * Reads the artist's public pages one step at a time (the streaming profile, then each social page
 * it links to), saving the progress after each so the back office shows it live, and keeps the
 * first contact address it finds.
 */
export async function runDiscovery(database: Database, pages: ArtistPages, artist: { id: string; spotifyId: string | null }): Promise<EmailDiscoveryView> {
  const steps: Step[] = [{ name: PROFILE_STEP, status: 'running', detail: null }];
  await save(database, artist.id, 'running', steps, null);
  let found: { email: string; source: string } | null = null;
  const look = (content: PageContent | null, source: string) => {
    const match = content ? EMAIL.exec(content.text) : null;
    if (match && !found) found = { email: match[0].toLowerCase(), source };
    return match ? `found ${match[0].toLowerCase()}` : content ? 'no address on this page' : 'page not found';
  };
  try {
    const profile = artist.spotifyId ? await pages.profile(artist.spotifyId) : null;
    steps[0] = { name: PROFILE_STEP, status: 'done', detail: artist.spotifyId ? look(profile, 'streaming profile') : 'no streaming profile' };
    const links = Object.entries(profile?.links ?? {}) as [Parameters<ArtistPages['socialPage']>[0], string][];
    for (const [platform] of links) steps.push({ name: `Social page: ${platform}`, status: 'pending', detail: null });
    await save(database, artist.id, 'running', steps, found);
    for (const [index, [platform, handle]] of links.entries()) {
      const step = index + 1;
      steps[step] = { ...steps[step], status: 'running' };
      await save(database, artist.id, 'running', steps, found);
      steps[step] = { ...steps[step], status: 'done', detail: look(await pages.socialPage(platform, handle), `${platform} page`) };
      await save(database, artist.id, 'running', steps, found);
    }
    await save(database, artist.id, 'done', steps, found);
  } catch (error) {
    const running = steps.findIndex((step) => step.status === 'running');
    if (running >= 0) steps[running] = { ...steps[running], status: 'failed', detail: (error as Error).message.slice(0, 200) };
    await save(database, artist.id, 'failed', steps, found);
  }
  return discoveryOf(database.em(), artist.id);
}

/** Removes discoveries that failed, or never finished within an hour (a lost job): they can be started afresh. */
export async function cleanupDiscoveries(tx: EntityManager): Promise<number> {
  const rows = await adminDb(tx)
    .deleteFrom('admin.email_discoveries')
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', 'in', ['queued', 'running']), eb('updated_at', '<', sql<string>`now() - make_interval(secs => ${STALE_DISCOVERY_MS / 1000})`)])]))
    .returning('artist_id')
    .execute();
  return rows.length;
}
