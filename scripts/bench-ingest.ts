/**
 * `npm run bench:ingest`: how fast plays reach the database. Loads the same 1,000,000 generated
 * plays (2,000 fans, 5 % of them repeats, as overlapping polls and re-uploads produce) twice, each
 * time into a freshly migrated scratch database with the same warm catalogue:
 *
 *   - real:  listening's batch writer exactly as the worker's import job uses it (`writePlays`,
 *            10,000 plays per batch: COPY into the staging table, catalogue resolution by provider
 *            id and name, INSERT … ON CONFLICT DO NOTHING, each fan's play count);
 *   - floor: the least work that stores them: COPY of resolved rows into a staging table, then
 *            INSERT … SELECT … ON CONFLICT DO NOTHING, same batches, same table and indexes.
 *
 * Prints plays/s for both and real/floor (the target is at least 0.5). Uses TEST_POSTGRES_URL's
 * server (default: local Postgres).
 */
import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createOrm, Database, entitiesOf, migrateUp } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { writePlays, type IncomingPlay } from '#pie/listening';
import { modules } from '#pie/modules';
import { recreateDatabase, seededRandom } from '#pie/testing';

const PLAYS = Number(process.env.BENCH_PLAYS ?? 1_000_000);
const BATCH = 10_000;
const FANS = 2_000;
const ARTISTS = 5_000;
const TRACKS = 20_000;
const REPEAT_SHARE = 0.05;


const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const fanId = (index: number) => `00000000-0000-4000-8000-${hex(index, 12)}`;
const providerTrackId = (index: number) => `benchtrack${hex(index, 11)}`;

interface Catalogue {
  /** Provider track id → track row id, per database. */
  trackIds: Map<string, string>;
}

async function prepare(name: string): Promise<{ url: string; catalogue: Catalogue }> {
  const url = await recreateDatabase(name);
  const orm = await createOrm({ databaseUrl: url, migrations, poolMax: 2 });
  await migrateUp(orm);
  const em = orm.em.fork();
  // A warm catalogue: every track known with metadata, credited to one to three artists.
  await em.execute(
    `insert into listening.artists (provider_id, name, metadata_fetched_at)
     select 'benchartist' || lpad(to_hex(g), 10, '0'), 'Bench Artist ' || g, now() from generate_series(0, ${ARTISTS - 1}) g`,
  );
  await em.execute(
    `insert into listening.tracks (provider_id, name, match_key, duration_ms, album, metadata_fetched_at)
     select 'benchtrack' || lpad(to_hex(g), 11, '0'), 'Bench Track ' || g,
            lower('Bench Artist ' || (g % ${ARTISTS})) || chr(9247) || lower('Bench Track ' || g), 180000 + (g % 120) * 1000, 'Bench Album', now()
       from generate_series(0, ${TRACKS - 1}) g`,
  );
  await em.execute(
    `insert into listening.track_artists (track_id, artist_id, position)
     select t.id, a.id, c.position
       from (select id, (row_number() over (order by provider_id) - 1)::int as g from listening.tracks) t
       cross join lateral generate_series(0, t.g % 3) as c(position)
       join listening.artists a on a.provider_id = 'benchartist' || lpad(to_hex((t.g + c.position * 7919) % ${ARTISTS}), 10, '0')
     on conflict do nothing`,
  );
  await em.execute(`analyze`);
  const rows = await em.execute<{ id: string; provider_id: string }[]>(`select id, provider_id from listening.tracks`);
  await orm.close(true);
  return { url, catalogue: { trackIds: new Map(rows.map((row) => [row.provider_id, row.id])) } };
}

/** The plays, one batch at a time (never all in memory). */
function* batches(): Generator<IncomingPlay[]> {
  const random = seededRandom(20261123);
  const start = Date.UTC(2026, 0, 1);
  const clocks = new Array<number>(FANS).fill(start);
  let previous: IncomingPlay[] = [];
  for (let made = 0; made < PLAYS; ) {
    const batch: IncomingPlay[] = [];
    while (batch.length < BATCH && made < PLAYS) {
      if (previous.length > 0 && random() < REPEAT_SHARE) {
        batch.push(previous[Math.floor(random() * previous.length)]);
      } else {
        const fan = Math.floor(random() * FANS);
        clocks[fan] += 60_000 + Math.floor(random() * 240_000);
        // A Zipf-ish pick: popular tracks come up far more often.
        const track = Math.floor(TRACKS * random() ** 3);
        batch.push({
          fanId: fanId(fan),
          playedAt: new Date(clocks[fan]),
          msPlayed: 30_000 + Math.floor(random() * 200_000),
          source: 'export',
          providerTrackId: providerTrackId(track),
          trackName: `Bench Track ${track}`,
          artistName: `Bench Artist ${track % ARTISTS}`,
          album: 'Bench Album',
        });
      }
      made++;
    }
    previous = batch;
    yield batch;
  }
}

async function real(url: string): Promise<{ seconds: number; inserted: number }> {
  const orm = await createOrm({ databaseUrl: url, entities: entitiesOf(modules), poolMax: 2 });
  const database = new Database(orm);
  let inserted = 0;
  const begin = performance.now();
  for (const batch of batches()) inserted += (await writePlays(database, batch)).inserted;
  const seconds = (performance.now() - begin) / 1000;
  await orm.close(true);
  return { seconds, inserted };
}

function copyField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char] as string);
}

async function floor(url: string, catalogue: Catalogue): Promise<{ seconds: number; inserted: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let inserted = 0;
  const begin = performance.now();
  for (const batch of batches()) {
    // Resolving ids is part of the work a writer must do; the floor does it in memory, for free.
    const lines = batch.map((play) =>
      [play.fanId, play.playedAt.toISOString(), catalogue.trackIds.get(play.providerTrackId as string), String(play.msPlayed), copyField(play.source)].join('\t'),
    );
    await client.query('begin');
    await client.query(
      `create temp table if not exists floor_stage (fan_id uuid, played_at timestamptz, track_id uuid, ms_played integer, source text) on commit delete rows`,
    );
    await pipeline(Readable.from([`${lines.join('\n')}\n`]), client.query(copyFrom('copy floor_stage from stdin')));
    const result = await client.query(
      `insert into listening.plays (fan_id, played_at, track_id, ms_played, source)
       select fan_id, played_at, track_id, ms_played, source from floor_stage on conflict do nothing`,
    );
    await client.query('commit');
    inserted += result.rowCount ?? 0;
  }
  const seconds = (performance.now() - begin) / 1000;
  await client.end();
  return { seconds, inserted };
}

console.log(`bench:ingest: ${PLAYS.toLocaleString('en')} plays, ${FANS} fans, ${TRACKS} tracks, ${ARTISTS} artists, batches of ${BATCH}, ${REPEAT_SHARE * 100}% repeats; ${availableParallelism()} cores`);
const floorDb = await prepare('pie_bench_ingest_floor');
const realDb = await prepare('pie_bench_ingest_real');
const floorRun = await floor(floorDb.url, floorDb.catalogue);
console.log(`floor (COPY → INSERT … ON CONFLICT): ${Math.round(PLAYS / floorRun.seconds).toLocaleString('en')} plays/s (${floorRun.seconds.toFixed(1)} s, ${floorRun.inserted.toLocaleString('en')} stored)`);
const realRun = await real(realDb.url);
console.log(`real  (listening writePlays):        ${Math.round(PLAYS / realRun.seconds).toLocaleString('en')} plays/s (${realRun.seconds.toFixed(1)} s, ${realRun.inserted.toLocaleString('en')} stored)`);
if (realRun.inserted !== floorRun.inserted) console.log(`WARNING: the two runs stored different numbers of plays`);
const ratio = floorRun.seconds / realRun.seconds;
console.log(`ratio real/floor: ${ratio.toFixed(2)}x (target ≥ 0.50x) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`);
