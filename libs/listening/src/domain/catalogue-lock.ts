import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { textArray } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';

/**
 * The catalogue lock (issue 28). Whoever writes plays or a fan's figures (an import's chunk, a
 * poll's plays, a rebuild of one fan) takes it shared, before the fans' own locks; whoever writes
 * the catalogue (the catalogue fetch filling orphaned tracks, replacing their guessed credits,
 * merging name-only entries into the real ones and rebuilding the figures of the fans who played
 * them; artist metadata; a poll bringing tracks or artists the catalogue lacks) takes it
 * exclusive, first thing in its transaction. They take turns instead of locking the same rows in
 * opposite orders: the fetch merging an orphan artist away while an import credited it, or
 * rebuilding a fan's day rows while an import added to them, deadlocked (or failed on the
 * credit's foreign key), and an orphan created beside a real entry added at the same moment was
 * never merged. Play writers still run side by side: they only add their own rows.
 */
/** The key as SQL text, for the writer's raw statements (bench:ingest: play-writer.ts, fan-ingestion.ts, scrobble-sources.ts). */
export const CATALOGUE_LOCK_KEY = `hashtextextended('listening-catalogue', 0)`;
const catalogueLockKey = sql<string>`hashtextextended('listening-catalogue', 0)`;

export async function lockCatalogue(em: EntityManager, mode: 'shared' | 'exclusive'): Promise<void> {
  const lock = mode === 'shared' ? sql`pg_advisory_xact_lock_shared(${catalogueLockKey})` : sql`pg_advisory_xact_lock(${catalogueLockKey})`;
  await listeningDb(em)
    .selectNoFrom(lock.as('locked'))
    .execute();
}

/** Takes the catalogue lock shared, then these fans' writer locks (sorted), as the play writer does. */
export async function lockFanListening(em: EntityManager, fanIds: readonly string[]): Promise<void> {
  // A select list is evaluated in order: the catalogue's lock first.
  await listeningDb(em)
    .selectNoFrom([
      sql`pg_advisory_xact_lock_shared(${catalogueLockKey})`.as('catalogue'),
      sql`(select count(pg_advisory_xact_lock(hashtext('listening-plays:' || f))) from unnest(${textArray([...new Set(fanIds)].sort())}::text[]) f)`.as('fans'),
    ])
    .execute();
}
