import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FanIngestion, FetchCatalogueHandler, ImportExportHandler } from '#pie/listening/testing';
import { listeningModule } from '#pie/listening';
import { createOrm, Database, entitiesOf, type Orm, type QueueRegistry } from '#pie/platform';
import { createTestDatabase, type TestDatabase } from '#pie/testing';
import { currentFanArtistWindow } from '../../../libs/listening/src/domain/fan-artist-windows.js';

/*
 * The export import and the catalogue fetch write the same catalogue rows at once: the import
 * creates tracks known by id or name only and credits them to artists by name (name-only
 * "orphans"), the fetch fills those tracks, credits the real artists, merges the orphans into them
 * and rebuilds the figures of the fans who played them. Issue 28 saw the two deadlock on
 * `track_artists` (the import succeeded on its fourth retry). Here both jobs' real handlers run
 * side by side, round after round, on overlapping tracks of the same fans, with each fan's poll
 * (which writes the catalogue too) in the middle: no run may fail, and what they leave must be
 * what any order would have left.
 */

const ROUNDS = Number(process.env.CONTENTION_ROUNDS ?? 12);
const FANS = 4;
const ARTISTS = 12;
const TRACKS = 120;
const ROWS_PER_CHUNK = 60;
const CHUNKS = 3;

interface TrackSpec {
  id: string;
  name: string;
  artists: { id: string; name: string }[];
}

/** Round r's catalogue: every round has new tracks and artists, so every round fills and merges. */
function catalogue(round: number): TrackSpec[] {
  const artist = (k: number) => ({ id: `r${round}band${k}`, name: `Band ${round}-${k}` });
  return Array.from({ length: TRACKS }, (_, m) => ({
    id: `r${round}song${m}`,
    name: `Song ${round}-${m}`,
    // A third of the tracks credit a second artist (a featured one the export never names).
    artists: m % 3 === 0 ? [artist(m % ARTISTS), artist((m * 7 + 1) % ARTISTS)] : [artist(m % ARTISTS)],
  }));
}

/** The export rows of one fan's file: extended rows (with the track id) and basic ones (names only), overlapping the other fans' tracks. */
function exportChunks(round: number, fan: number, tracks: TrackSpec[]): { p: string; ms: number; t: string; a: string; al: string | null; id: string | null; q: 1 | 60 }[][] {
  const start = Date.UTC(2025, 0, 1) + round * 30 * 86_400_000;
  return Array.from({ length: CHUNKS }, (_, chunk) =>
    Array.from({ length: ROWS_PER_CHUNK }, (_, k) => {
      const n = chunk * ROWS_PER_CHUNK + k;
      const track = tracks[(n * 7 + fan * 13) % TRACKS];
      const basic = n % 5 === 0;
      // Five minutes apart: no two rows of a fan are one play heard twice.
      const at = new Date(start + n * 300_000 + fan * 1_000);
      return basic
        ? { p: new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString(), ms: 150_000, t: track.name, a: track.artists[0].name, al: null, id: null, q: 60 as const }
        : { p: at.toISOString(), ms: 150_000, t: track.name, a: track.artists[0].name, al: 'An Album', id: track.id, q: 1 as const };
    }),
  );
}

/** What a poll of one fan returns in round r: 20 plays of tracks the imports also name, between the export's rows. */
function recentlyPlayed(round: number, fan: number, tracks: TrackSpec[]) {
  const start = Date.UTC(2025, 0, 1) + round * 30 * 86_400_000;
  return Array.from({ length: 20 }, (_, k) => {
    const track = tracks[(k * 11 + fan * 5 + 3) % TRACKS];
    // Halfway between two export rows: never the same play as one of them.
    const at = new Date(start + (k * 9 + fan) * 300_000 + 150_000);
    return { played_at: at.toISOString(), track: { id: track.id, name: track.name, duration_ms: 150_000, album: { name: 'An Album', images: [] }, artists: track.artists } };
  });
}

const fanId = (fan: number) => `00000000-0000-4000-a000-${fan.toString(16).padStart(12, '0')}`;

let database: TestDatabase;
let orm: Orm;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase('contention');
  orm = await createOrm({ databaseUrl: database.url, poolMax: 10, entities: entitiesOf([listeningModule]) });
  db = new Database(orm);
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

async function unfinished(importId: string): Promise<boolean> {
  const [row] = await orm.em.fork().execute<{ status: string }[]>(`select status from listening.imports where id = ?`, [importId]);
  return row.status === 'queued' || row.status === 'processing';
}

/** Where the handlers queue their remaining work: nowhere, the test runs it (an import until it is done, the fetch until nothing is missing). */
const noQueues = { get: () => ({ add: async () => undefined }) } as unknown as QueueRegistry;

describe('the export import and the catalogue fetch side by side', () => {
  it(`${ROUNDS} rounds of ${FANS} imports and the catalogue fetch on the same tracks: no deadlock, no retry, the rows exact`, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const tracks = catalogue(round);
      const byId = new Map(tracks.map((track) => [track.id, track]));
      const artistsById = new Map(tracks.flatMap((track) => track.artists).map((artist) => [artist.id, artist]));
      const importer = new ImportExportHandler(db, noQueues);
      const spotify = {
        tracks: async (_token: string, ids: string[]) =>
          ids.map((id) => {
            const track = byId.get(id);
            return track ? { id, name: track.name, duration_ms: 150_000, album: { name: 'An Album', images: [] }, artists: track.artists } : null;
          }),
        artists: async (_token: string, ids: string[]) => ids.map((id) => (artistsById.has(id) ? { ...artistsById.get(id)!, genres: ['pop'], images: [] } : null)),
      };
      const fetcher = new FetchCatalogueHandler(
        db,
        { accessTokenFor: async () => 'token' } as never,
        spotify as never,
        noQueues,
        { facts: async () => new Map() } as never,
      );

      // New fans each round (the fetch rebuilds the figures of the fans who played what it fills: kept small).
      const fans = Array.from({ length: FANS }, (_, fan) => fanId(round * FANS + fan));
      for (const fan of fans) await orm.em.fork().execute(`insert into listening.fan_listening_state (fan_id, status, next_poll_at) values (?, 'connected', now())`, [fan]);
      const pollItems = Array.from({ length: FANS }, (_, fan) => recentlyPlayed(round, fan, tracks));
      // The fan's token names the fan, so the fake provider answers with that fan's plays.
      const poller = new FanIngestion(
        db,
        { accessTokenFor: async (fan: string) => fan } as never,
        { recentlyPlayed: async (token: string) => ({ items: pollItems[fans.indexOf(token)], next: null, cursors: null, limit: 50 }) } as never,
      );

      const imports: string[] = [];
      const expected = new Map<string, Set<string>>();
      for (let fan = 0; fan < FANS; fan++) {
        const id = randomUUID();
        imports.push(id);
        const chunks = exportChunks(round, fan, tracks);
        expected.set(fans[fan], new Set([...chunks.flat().map((row) => row.p), ...pollItems[fan].map((item) => item.played_at)]));
        await orm.em.fork().execute(
          `insert into listening.imports (id, fan_id, file_name, status, total_chunks, received_chunks, total_rows) values (?, ?, 'x.json', 'queued', ?, ?, ?)`,
          [id, fans[fan], CHUNKS, CHUNKS, CHUNKS * ROWS_PER_CHUNK],
        );
        for (const [index, rows] of chunks.entries()) {
          await orm.em.fork().execute(`insert into listening.import_chunks (import_id, index, row_count, rows) values (?, ?, ?, ?::jsonb)`, [id, index, rows.length, JSON.stringify(rows)]);
        }
      }

      let importsDone = false;
      const context = { messageId: 'contention', attemptsMade: 0, finalAttempt: false };
      const importing = Promise.all(
        imports.map(async (importId) => {
          try {
            // A slice of work at a time: what the job queues again for later runs here.
            do await importer.handle({ importId }, context);
            while (await unfinished(importId));
          } catch (error) {
            failures.push(`import: ${(error as Error).message}`);
          }
        }),
      ).finally(() => (importsDone = true));
      const fetching = (async () => {
        // The fetch runs while the imports write, and once more after them (what they created last).
        for (let last = false; !last; ) {
          last = importsDone;
          try {
            await fetcher.handle({});
          } catch (error) {
            failures.push(`fetch: ${(error as Error).message}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();
      // Each fan's poll, in the middle of it all (the fake provider hands out the fans' pages in turn).
      const polling = Promise.all(
        Array.from({ length: FANS }, async (_, fan) => {
          await new Promise((resolve) => setTimeout(resolve, 5 * fan));
          try {
            const outcome = await poller.ingest(fans[fan]);
            if (outcome.kind !== 'ingested') failures.push(`poll: ${outcome.kind}`);
          } catch (error) {
            failures.push(`poll: ${(error as Error).message}`);
          }
        }),
      );
      // The fans' dashboards read their 28-day artists meanwhile: each read that finds the window
      // stale refreshes it from the day rows the fetch's merges rewrite.
      const reading = Promise.all(
        fans.map(async (fan) => {
          while (!importsDone) {
            try {
              await currentFanArtistWindow(db, fan, 28);
            } catch (error) {
              failures.push(`window: ${(error as Error).message}`);
            }
            await new Promise((resolve) => setTimeout(resolve, 3));
          }
        }),
      );
      await Promise.all([importing, fetching, polling, reading]);
      expect(failures, `round ${round}`).toEqual([]);

      const em = orm.em.fork();
      // Every import completed, each play once.
      expect(await em.execute(`select status, count(*)::int as n from listening.imports where id = any(?::uuid[]) group by status`, [`{${imports.join(',')}}`])).toEqual([
        { status: 'completed', n: FANS },
      ]);
      for (const [fan, times] of expected) {
        const [{ n }] = await em.execute<{ n: number }[]>(
          `select count(*)::int as n from listening.plays p join listening.tracks t on t.id = p.track_id where p.fan_id = ? and t.name like ?`,
          [fan, `Song ${round}-%`],
        );
        expect(n, `plays of fan ${fan} in round ${round}`).toBe(times.size);
        expect(times.size).toBe(CHUNKS * ROWS_PER_CHUNK + 20);
      }
      // Every track the imports named by id has its metadata and exactly its real credits, in order.
      const credits = await em.execute<{ provider_id: string; artists: string[] }[]>(
        `select t.provider_id, array_agg(a.provider_id order by ta.position) as artists
           from listening.tracks t join listening.track_artists ta on ta.track_id = t.id join listening.artists a on a.id = ta.artist_id
          where t.provider_id like ? group by t.provider_id`,
        [`r${round}song%`],
      );
      expect(credits.length).toBeGreaterThan(0);
      for (const row of credits) expect(row.artists, row.provider_id).toEqual(byId.get(row.provider_id)!.artists.map((artist) => artist.id));
      expect(await em.execute(`select count(*)::int as n from listening.tracks where name like ? and metadata_fetched_at is null and provider_id is not null`, [`Song ${round}-%`])).toEqual([{ n: 0 }]);
      // The orphans the imports created were merged into the real entries: none is left beside its real one.
      expect(
        await em.execute(
          `select o.name from listening.artists o where o.provider_id is null and o.name like ?
              and exists (select 1 from listening.artists r where r.provider_id is not null and lower(r.name) = lower(o.name))`,
          [`Band ${round}-%`],
        ),
      ).toEqual([]);
      expect(
        await em.execute(
          `select o.name from listening.tracks o where o.provider_id is null and o.name like ?
              and exists (select 1 from listening.tracks r where r.provider_id is not null and r.match_key = o.match_key)`,
          [`Song ${round}-%`],
        ),
      ).toEqual([]);
    }

    // The fans' figures are what their plays and the final credits say (as a rebuild would compute them).
    const drift = await orm.em.fork().execute(`
      with truth as (
        select p.fan_id, c.artist_id, count(*)::int as plays, sum(p.ms_played::numeric / c.n) as ms
          from listening.plays p
          join (select track_id, artist_id, count(*) over (partition by track_id) as n from listening.track_artists) c on c.track_id = p.track_id
         group by 1, 2
      )
      select coalesce(t.fan_id, f.fan_id) as fan_id, coalesce(t.artist_id, f.artist_id) as artist_id, t.plays, f.plays as stored
        from truth t full join listening.fan_artists f on f.fan_id = t.fan_id and f.artist_id = t.artist_id
       where t.plays is distinct from f.plays or round(t.ms) is distinct from round(f.listened_ms)`);
    expect(drift).toEqual([]);
  }, 300_000);
});
