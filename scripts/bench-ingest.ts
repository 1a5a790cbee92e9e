/**
 * `npm run bench:ingest`: how fast plays reach the database. The same generated plays
 * (BENCH_PLAYS, default 1,000,000: 2,000 fans, 5 % of them repeats, as overlapping polls and
 * re-uploads produce), in batches of BENCH_BATCH (10,000), go to four databases, each migrated and
 * given the same warm catalogue:
 *
 *   - floor, plays only: the least work that stores the plays (COPY of rows whose track ids were
 *     resolved in memory, then INSERT … SELECT … ON CONFLICT DO NOTHING);
 *   - floor, same rows: the same, and in the same statement the rows the writer keeps beside the
 *     plays (the fan's days, tracks, artists, artist days and totals), in hand-written SQL;
 *   - real: listening's writer as the worker's import job uses it (`writePlaysIn` in a transaction: the fan locks,
 *     COPY into the staging table, the catalogue by provider id and name, the cross-source match,
 *     the plays and the read models);
 *   - real at scale: the same writer into a plays table that already holds BENCH_PRELOAD plays
 *     (20,000,000: the same fans and catalogue, the weeks before, with their read models);
 *   - floors at scale (opt-in, BENCH_SCALE_FLOOR=rows,plays, either or both): the same-rows floor
 *     (`rows`, or `1`) and the plays-only floor (`plays`) each into a copy of those tables, so the
 *     scale run's slowing is split into the rows' own (a fan's read-model rows updated in place
 *     across gigabytes, where the empty tables mostly append them), the plays table's own (its
 *     indexes twenty times larger) and the writer's; `plays-by-time` runs the plays-only floor into
 *     a copy whose plays table is partitioned by time (`partitionPlaysByTime`): the history in one
 *     partition, the new plays in another, as a table partitioned by month would take them;
 *   - real, scrobble-shaped: the same listens as Last.fm reports them (issue 33): no provider id,
 *     the track found by its text names (the match key), dated by their start with the scrobble's
 *     window (`scrobblePlay`), into a database of its own. Printed beside the provider-id rate.
 *
 * They take turns batch by batch, so a busy neighbour on a shared machine slows all of them alike
 * and the ratios stay comparable; each is timed on its own (wall clock, the CPU of this process
 * and of its Postgres backend, and the WAL the server wrote meanwhile). The server's buffer and
 * checkpoint settings are printed first, as the figures depend on them. Prints plays/s, real/floor
 * for both floors (goals: ≥ 0.5 of the plays-only floor, ≥ 0.9 of the same-rows floor), the scale
 * run's rate beside the empty table's (goal: within 25 %) and the scale floor's beside its own,
 * and whether the same-rows floor and the real writer wrote the same read models.
 *
 * The preloaded database is built once (set-based) and kept as a template,
 * `pie_bench_ingest_seed_<preload>_<migrations>`; later runs clone it (BENCH_FRESH_SEED=1 rebuilds
 * it). BENCH_PRELOAD=0 skips the scale run. Uses TEST_POSTGRES_URL's server (default: local Postgres);
 * its databases are named BENCH_DATABASE_… (default pie_bench_ingest), so runs on one server do
 * not drop each other's. A short run: BENCH_PLAYS=50000 BENCH_PRELOAD=0 npm run bench:ingest.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg, { type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createOrm, migrateUp } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { writePlaysIn, type IncomingPlay } from '#pie/listening/testing';
import { scrobblePlay, stagePlays, WRITE_PLAYS_SQL } from '#pie/listening/testing';
import { databaseUrl, recreateDatabase, seededRandom, TEST_POSTGRES_URL } from '#pie/testing';

const PLAYS = Number(process.env.BENCH_PLAYS ?? 1_000_000);
const PRELOAD = Number(process.env.BENCH_PRELOAD ?? 20_000_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 10_000);
const PROFILE = process.env.BENCH_PROFILE === '1';
/** The floors that also run into copies of the preloaded tables (opt-in: each copy is another ~13 GB). */
const SCALE_FLOOR_NAMES = (process.env.BENCH_SCALE_FLOOR ?? '')
  .split(',')
  .map((name) => (name.trim() === '1' ? 'rows' : name.trim()))
  .filter((name) => name !== '');
const DATABASE = process.env.BENCH_DATABASE ?? 'pie_bench_ingest';
const FANS = 2_000;
const ARTISTS = 5_000;
const TRACKS = 20_000;
const REPEAT_SHARE = 0.05;
/** The generated plays start here; the preloaded ones end before it. */
const START = Date.UTC(2026, 0, 1);
const TICK_MS = 10; // USER_HZ = 100 on Linux

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const fanId = (index: number) => `00000000-0000-4000-8000-${hex(index, 12)}`;
const providerTrackId = (index: number) => `benchtrack${hex(index, 11)}`;
const fmt = (n: number) => Math.round(n).toLocaleString('en');

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A migrated database with the warm catalogue: every track known with metadata, credited to one to three artists. */
async function prepare(name: string): Promise<string> {
  const url = await recreateDatabase(name);
  const orm = await createOrm({ databaseUrl: url, migrations, poolMax: 1 });
  await migrateUp(orm);
  const em = orm.em.fork();
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
  await orm.close(true);
  return url;
}

/** The secondary indexes of these `listening` tables: their qualified names and definitions. */
async function secondaryIndexes(client: pg.Client, tables: readonly string[]): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'listening' and c.relname = any($1) and not i.indisprimary`,
    [tables],
  );
  return rows;
}

/**
 * PRELOAD plays of the same fans and catalogue before START (each fan's plays 1 to 5 minutes
 * apart, tracks as skewed as the generated ones), and the read models and totals the writer would
 * have left, all set-based. The secondary indexes are built after the rows go in, and foreign keys
 * are not checked row by row (the rows are right by construction).
 */
async function preload(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (sql: string) => client.query(sql);
  await q(`set maintenance_work_mem = '512MB'`);
  await q(`set work_mem = '256MB'`);
  await q(`set session_replication_role = replica`);
  const indexes = await secondaryIndexes(client, ['plays', 'fan_days', 'fan_tracks', 'fan_artists', 'fan_artist_days']);
  for (const index of indexes) await q(`drop index ${index.name}`);
  const perFan = Math.ceil(PRELOAD / FANS);
  // u(k, seed) in [0, 1): a hash of the play's number, so the seed is the same on every run.
  const u = (seed: number) => `((hashint8extended(f::bigint * ${perFan} + k, ${seed}) & 2147483647)::float8 / 2147483648)`;
  await q(`create temp table bench_track (g int primary key, id uuid not null)`);
  await q(`insert into bench_track select ('x' || lpad(substr(provider_id, 11), 16, '0'))::bit(64)::bigint::int, id from listening.tracks where provider_id like 'benchtrack%'`);
  await q(
    `insert into listening.plays (fan_id, played_at, track_id, ms_played, source, precision_s, trusted)
     select ('00000000-0000-4000-8000-' || lpad(to_hex(p.f), 12, '0'))::uuid, p.played_at, t.id, p.ms_played, 'export', 1, false
       from (select f, k, timestamptz '2026-01-01 00:00:00+00' - make_interval(secs => (${perFan} - k) * 180 + 60) + make_interval(secs => floor(${u(1)} * 120)) as played_at,
                    floor(${TRACKS} * ${u(2)} ^ 3)::int as g, 30000 + floor(${u(3)} * 200000)::int as ms_played
               from generate_series(0, ${FANS - 1}) f cross join generate_series(0, ${perFan - 1}) k
              where f * ${perFan} + k < ${PRELOAD}) p
       join bench_track t on t.g = p.g`,
  );
  const day = `(p.played_at at time zone 'UTC')::date`;
  const credits = `(select track_id, artist_id, count(*) over (partition by track_id) as n from listening.track_artists)`;
  await q(`insert into listening.fan_days (fan_id, day, plays, listened_ms)
           select p.fan_id, ${day}, count(*), sum(p.ms_played) from listening.plays p group by 1, 2 order by 1, 2`);
  await q(`insert into listening.fan_tracks (fan_id, track_id, plays, listened_ms, last_played_at)
           select p.fan_id, p.track_id, count(*), sum(p.ms_played), max(p.played_at) from listening.plays p group by 1, 2 order by 1, 2`);
  await q(`insert into listening.fan_artists (fan_id, artist_id, plays, listened_ms, last_played_at)
           select ft.fan_id, c.artist_id, sum(ft.plays), sum(ft.listened_ms::numeric / c.n), max(ft.last_played_at)
             from listening.fan_tracks ft join ${credits} c on c.track_id = ft.track_id group by 1, 2 order by 1, 2`);
  await q(`insert into listening.fan_artist_days (fan_id, day, artist_id, plays, listened_ms, last_played_at)
           select p.fan_id, ${day}, c.artist_id, count(*), sum(p.ms_played::numeric / c.n), max(p.played_at)
             from listening.plays p join ${credits} c on c.track_id = p.track_id group by 1, 2, 3 order by 1, 2, 3`);
  await q(`insert into listening.fan_listening_state (fan_id, status, next_poll_at, plays_count, listened_ms, tracks_count, artists_count, read_version)
           select d.fan_id, 'disconnected', now(), d.plays, d.ms, (select count(*) from listening.fan_tracks t where t.fan_id = d.fan_id),
                  (select count(*) from listening.fan_artists a where a.fan_id = d.fan_id), 1
             from (select fan_id, sum(plays) as plays, sum(listened_ms) as ms from listening.fan_days group by fan_id) d`);
  for (const index of indexes) await q(index.definition);
  await q(`reset session_replication_role`);
  await q(`vacuum (analyze) listening.plays, listening.fan_days, listening.fan_tracks, listening.fan_artists, listening.fan_artist_days, listening.fan_listening_state`);
  await client.end();
}

/** The preloaded database: cloned from its kept template, which is built first when missing. */
async function scaleDatabase(name: string): Promise<string> {
  // Shared by every run on the server: built once (~10 GB).
  const seed = `pie_bench_ingest_seed_${PRELOAD}_${migrations.length}`;
  const exists = await onServer(async (client) => (await client.query(`select 1 from pg_database where datname = $1`, [seed])).rows.length > 0);
  if (!exists || process.env.BENCH_FRESH_SEED === '1') {
    const begin = performance.now();
    console.log(`building ${seed} (${fmt(PRELOAD)} plays and their read models)…`);
    const building = `${seed}_building`;
    await preload(await prepare(building));
    await onServer(async (client) => {
      await client.query(`drop database if exists "${seed}" with (force)`);
      await client.query(`alter database "${building}" rename to "${seed}"`);
    });
    console.log(`built ${seed} in ${((performance.now() - begin) / 1000).toFixed(0)} s (kept as a template for the next runs)`);
  }
  const begin = performance.now();
  await onServer(async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}" template "${seed}"`);
  });
  console.log(`cloned ${seed} in ${((performance.now() - begin) / 1000).toFixed(0)} s`);
  return databaseUrl(name);
}

/**
 * The copy's plays table partitioned by time (what `plays-by-time` measures): the preloaded
 * history becomes the partition before START (attached as it is: its indexes become the
 * partitioned table's), the generated plays go into an empty one from START on, as a table
 * partitioned by month would take this month's plays. Key, indexes, checks and foreign key read
 * from the table the migrations made.
 */
async function partitionPlaysByTime(url: string): Promise<string> {
  const begin = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const start = new Date(START).toISOString();
  const indexes = await secondaryIndexes(client, ['plays']);
  // The key and the foreign keys as the migrations made them (LIKE copies only the checks).
  const { rows: keys } = await client.query<{ definition: string }>(
    `select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'listening.plays'::regclass and contype in ('p', 'f') order by contype desc`,
  );
  await client.query('begin');
  await client.query(`alter table listening.plays rename to plays_before`);
  await client.query(`alter index listening.plays_pkey rename to plays_before_pkey`);
  for (const index of indexes) await client.query(`alter index ${index.name} rename to ${index.name.replace('listening.', '')}_before`);
  await client.query(`create table listening.plays (like listening.plays_before including defaults including constraints) partition by range (played_at)`);
  // The parent's indexes first: attaching the history then adopts its equal ones instead of building them.
  for (const key of keys.filter((key) => key.definition.startsWith('PRIMARY KEY'))) await client.query(`alter table listening.plays add ${key.definition}`);
  for (const index of indexes) await client.query(index.definition);
  await client.query(`alter table listening.plays attach partition listening.plays_before for values from (minvalue) to ('${start}')`);
  await client.query(`create table listening.plays_after partition of listening.plays for values from ('${start}') to (maxvalue)`);
  for (const key of keys.filter((key) => key.definition.startsWith('FOREIGN KEY'))) await client.query(`alter table listening.plays add ${key.definition}`);
  await client.query('commit');
  await client.query(`analyze listening.plays`);
  await client.end();
  console.log(`partitioned the copy's plays by time in ${((performance.now() - begin) / 1000).toFixed(0)} s`);
  return url;
}

/** The plays, one batch at a time (never all in memory). */
function* batches(): Generator<IncomingPlay[]> {
  const random = seededRandom(20261123);
  const clocks = new Array<number>(FANS).fill(START);
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

/** The catalogue's length of bench track `g` (as `prepare` makes it). */
const benchDurationMs = (g: number) => 180_000 + (g % 120) * 1000;

/**
 * A play as a scrobbling service reports the same listen: no provider id, the track by its names,
 * dated by its start (its end less the track's length, which Last.fm's source takes from the
 * catalogue), and the scrobble's window as its precision.
 */
function scrobbleShaped(play: IncomingPlay): IncomingPlay {
  const durationMs = benchDurationMs(Number(play.trackName.slice('Bench Track '.length)));
  return scrobblePlay({
    fanId: play.fanId,
    source: 'lastfm',
    startedAtSeconds: Math.floor((play.playedAt.getTime() - durationMs) / 1000),
    durationMs,
    trackName: play.trackName,
    artistName: play.artistName,
    album: play.album,
  });
}

/** Plays are stored to the second. */
const toSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString();

function copyField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char] as string);
}

/** The floors' hand-written SQL after the COPY (`floor_stage` holds resolved rows). */
const PLAYS_ONLY_SQL = `insert into listening.plays (fan_id, played_at, track_id, ms_played, source)
  select fan_id, played_at, track_id, ms_played, source from floor_stage on conflict do nothing`;

/** The same plays, and the same read-model rows the writer keeps, in one statement. */
const SAME_ROWS_SQL = `with ins as (
    insert into listening.plays (fan_id, played_at, track_id, ms_played, source)
    select fan_id, played_at, track_id, ms_played, source from floor_stage on conflict do nothing
    returning fan_id, track_id, played_at, ms_played
  ), zoned as (
    select i.*, (i.played_at at time zone coalesce(fp.time_zone, 'UTC'))::date as day from ins i left join listening.fan_profiles fp on fp.fan_id = i.fan_id
  ), credits as (
    select track_id, artist_id, count(*) over (partition by track_id) as n from listening.track_artists where track_id in (select track_id from ins)
  ), days as (
    insert into listening.fan_days as d (fan_id, day, plays, listened_ms)
    select fan_id, day, count(*), sum(ms_played) from zoned group by 1, 2
    on conflict (fan_id, day) do update set plays = d.plays + excluded.plays, listened_ms = d.listened_ms + excluded.listened_ms
  ), tracks as (
    insert into listening.fan_tracks as t (fan_id, track_id, plays, listened_ms, last_played_at)
    select fan_id, track_id, count(*), sum(ms_played), max(played_at) from ins group by 1, 2
    on conflict (fan_id, track_id) do update set plays = t.plays + excluded.plays, listened_ms = t.listened_ms + excluded.listened_ms,
      last_played_at = greatest(t.last_played_at, excluded.last_played_at)
    returning t.fan_id, t.xmax = 0 as created
  ), artists as (
    insert into listening.fan_artists as a (fan_id, artist_id, plays, listened_ms, last_played_at)
    select i.fan_id, c.artist_id, count(*), sum(i.ms_played::numeric / c.n), max(i.played_at) from ins i join credits c using (track_id) group by 1, 2
    on conflict (fan_id, artist_id) do update set plays = a.plays + excluded.plays, listened_ms = a.listened_ms + excluded.listened_ms,
      last_played_at = greatest(a.last_played_at, excluded.last_played_at)
    returning a.fan_id, a.xmax = 0 as created
  ), artist_days as (
    insert into listening.fan_artist_days as ad (fan_id, day, artist_id, plays, listened_ms, last_played_at)
    select z.fan_id, z.day, c.artist_id, count(*), sum(z.ms_played::numeric / c.n), max(z.played_at) from zoned z join credits c using (track_id) group by 1, 2, 3
    on conflict (fan_id, day, artist_id) do update set plays = ad.plays + excluded.plays, listened_ms = ad.listened_ms + excluded.listened_ms,
      last_played_at = greatest(ad.last_played_at, excluded.last_played_at)
  ), totals as (
    insert into listening.fan_listening_state as f (fan_id, status, next_poll_at, plays_count, listened_ms, tracks_count, artists_count, read_version)
    select i.fan_id, 'disconnected', now(), i.n, i.ms, coalesce(t.n, 0), coalesce(a.n, 0), 1
      from (select fan_id, count(*) as n, sum(ms_played) as ms from ins group by 1) i
      left join (select fan_id, count(*) as n from tracks where created group by 1) t using (fan_id)
      left join (select fan_id, count(*) as n from artists where created group by 1) a using (fan_id)
    on conflict (fan_id) do update set plays_count = f.plays_count + excluded.plays_count, listened_ms = f.listened_ms + excluded.listened_ms,
      tracks_count = f.tracks_count + excluded.tracks_count, artists_count = f.artists_count + excluded.artists_count,
      read_version = f.read_version + 1, updated_at = now()
  )
  select count(*) as inserted from ins`;

/**
 * The floors that can also run into a copy of the preloaded tables (BENCH_SCALE_FLOOR names them),
 * each compared with the same statement into the empty tables; `reshape` changes the copy first.
 */
const SCALE_FLOORS: { name: string; label: string; statement: string; note: string; reshape?: (url: string) => Promise<string> }[] = [
  { name: 'rows', label: 'floor, same rows', statement: SAME_ROWS_SQL, note: "the rows' own share of the scale run's slowing" },
  { name: 'plays', label: 'floor, plays only', statement: PLAYS_ONLY_SQL, note: "the plays table's own share" },
  { name: 'plays-by-time', label: 'floor, plays only, partitioned by time', statement: PLAYS_ONLY_SQL, note: 'the plays partitioned by time', reshape: partitionPlaysByTime },
];
/** The database a scale floor's copy is made in. */
const scaleCopy = (name: string) => `${DATABASE}_scale_${name.replaceAll('-', '_')}`;
for (const name of SCALE_FLOOR_NAMES) {
  if (!SCALE_FLOORS.some((floor) => floor.name === name)) throw new Error(`BENCH_SCALE_FLOOR: '${name}' is not a floor (${SCALE_FLOORS.map((floor) => floor.name).join(', ')})`);
}

interface Spent {
  wallMs: number;
  cpuMs: number | null;
  inserted: number;
  /** WAL the server wrote during the target's batches (its page writes, as they reach the disk). */
  walBytes: number;
}

/** CPU milliseconds the Postgres backends with these pids have used (null when Postgres is not on this machine). */
async function backendCpuMs(pids: readonly number[]): Promise<number | null> {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      return null;
    }
  }
  return total;
}

/** One of the four: writes a batch on its one connection, and says which backend serves it. */
interface Target {
  label: string;
  write(batch: IncomingPlay[]): Promise<number>;
  pids(): Promise<number[]>;
  close(): Promise<void>;
  url: string;
  spent: Spent;
}

async function floorTarget(label: string, url: string, statement: string): Promise<Target> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const catalogue = new Map(
    (await client.query<{ id: string; provider_id: string }>(`select id, provider_id from listening.tracks`)).rows.map((row) => [row.provider_id, row.id]),
  );
  const pid = (await client.query<{ pid: number }>(`select pg_backend_pid() as pid`)).rows[0]!.pid;
  return {
    label,
    url,
    spent: { wallMs: 0, cpuMs: 0, inserted: 0, walBytes: 0 },
    pids: async () => [pid],
    close: () => client.end(),
    async write(batch) {
      // Resolving ids is part of the work a writer must do; the floors do it in memory, for free.
      const lines = batch.map((play) =>
        [play.fanId, toSecond(play.playedAt), catalogue.get(play.providerTrackId as string), String(play.msPlayed), copyField(play.source)].join('\t'),
      );
      await client.query('begin');
      await client.query(`create temp table if not exists floor_stage (fan_id uuid, played_at timestamptz, track_id uuid, ms_played integer, source text) on commit delete rows`);
      await pipeline(Readable.from([`${lines.join('\n')}\n`]), client.query(copyFrom('copy floor_stage from stdin')));
      const result = await client.query(statement);
      await client.query('commit');
      return statement === PLAYS_ONLY_SQL ? (result.rowCount ?? 0) : Number(result.rows[0].inserted);
    },
  };
}

async function realTarget(label: string, url: string, shape?: (play: IncomingPlay) => IncomingPlay): Promise<Target> {
  // One connection held throughout, as a busy worker's is (the ORM's pool closes a connection idle
  // for 10 s, and the four targets take turns), and the import job's own call: writePlaysIn in a
  // transaction (writePlays is the same in a pooled connection's transaction).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pid = (await client.query<{ pid: number }>(`select pg_backend_pid() as pid`)).rows[0]!.pid;
  return {
    label,
    url,
    spent: { wallMs: 0, cpuMs: 0, inserted: 0, walBytes: 0 },
    pids: async () => [pid],
    close: () => client.end(),
    async write(batch) {
      await client.query('begin');
      const written = await writePlaysIn(client as PoolClient, shape === undefined ? batch : batch.map(shape));
      await client.query('commit');
      return written.inserted;
    },
  };
}

/** The server's WAL position, read on a connection of its own outside the timed work. */
let walClient: pg.Client | undefined;
async function walPosition(): Promise<bigint> {
  if (!walClient) {
    walClient = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await walClient.connect();
  }
  const { rows } = await walClient.query<{ at: string }>(`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text as at`);
  return BigInt(rows[0]!.at);
}

/**
 * A batch into one target, timed: wall clock and CPU (this process and the target's backend), and
 * the WAL written meanwhile (the targets take turns, so it is the target's own, and the server's
 * background work's).
 */
async function timed(target: Target, batch: IncomingPlay[]): Promise<void> {
  const walBefore = await walPosition();
  const pids = await target.pids();
  const cpuBefore = await backendCpuMs(pids);
  const nodeBefore = process.cpuUsage();
  const begin = performance.now();
  target.spent.inserted += await target.write(batch);
  target.spent.wallMs += performance.now() - begin;
  const node = process.cpuUsage(nodeBefore);
  const cpuAfter = await backendCpuMs(pids);
  if (target.spent.cpuMs !== null) {
    target.spent.cpuMs = cpuBefore === null || cpuAfter === null ? null : target.spent.cpuMs + cpuAfter - cpuBefore + (node.user + node.system) / 1000;
  }
  target.spent.walBytes += Number((await walPosition()) - walBefore);
}

/** Sums over the read models, to check that two databases hold the same ones. */
async function readModelDigest(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
      const { rows } = await client.query(
        `select (select row(count(*), sum(plays), sum(listened_ms))::text from listening.fan_days) as days,
                (select row(count(*), sum(plays), sum(listened_ms), max(last_played_at))::text from listening.fan_tracks) as tracks,
                (select row(count(*), sum(plays), round(sum(listened_ms), 3), max(last_played_at))::text from listening.fan_artists) as artists,
                (select row(count(*), sum(plays), round(sum(listened_ms), 3), max(last_played_at))::text from listening.fan_artist_days) as artist_days,
                (select row(count(*), sum(plays_count), sum(listened_ms), sum(tracks_count), sum(artists_count))::text from listening.fan_listening_state) as totals,
                (select count(*) from listening.plays) as plays`,
      );
    return JSON.stringify(rows[0]);
  } finally {
    await client.end();
  }
}


interface PlanNode {
  'Node Type': string;
  'Subplan Name'?: string;
  'Relation Name'?: string;
  'Actual Total Time'?: number;
  'Shared Read Blocks'?: number;
  'Shared Dirtied Blocks'?: number;
  'Shared Written Blocks'?: number;
  Plans?: PlanNode[];
}

/** The statements the writer sends, by what they do (first words of the SQL). */
function statementLabel(sql: unknown): string {
  if (typeof sql !== 'string') return 'COPY into the staging table';
  if (sql.startsWith('select set_config')) return 'settings and locks (catalogue, fans)';
  if (sql.startsWith('create temp table')) return 'staging table (if not exists)';
  if (sql.startsWith('insert into listening.tracks')) return 'missing tracks';
  if (sql.includes('insert into listening.artists')) return 'missing artists';
  if (sql.includes('insert into listening.track_artists')) return 'missing credits';
  if (sql.startsWith('explain')) return 'batch statement (explain analyze)';
  return sql.slice(0, 40);
}

/**
 * One batch into the target's database, rolled back: each statement's wall time, then the batch
 * statement's steps from EXPLAIN (ANALYZE, BUFFERS). A step's time is inclusive: the first step
 * that reads another CTE's rows (ins, the plays insert) pays for it; the triggers' times are the
 * foreign-key checks of the rows the step wrote.
 */
async function profileBatch(target: Target, batch: IncomingPlay[]): Promise<void> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const timings: Array<[string, number]> = [];
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const label = statementLabel(args[0]);
    const begin = performance.now();
    const result = query(...args) as Promise<unknown> | NodeJS.WritableStream;
    if (result instanceof Promise) return result.then((value) => (timings.push([label, performance.now() - begin]), value));
    result.on('finish', () => timings.push([label, performance.now() - begin]));
    return result;
  };
  try {
    await client.query('begin');
    await stagePlays(client as unknown as PoolClient, batch);
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; Triggers?: Array<{ 'Trigger Name': string; 'Constraint Name'?: string; Relation: string; Time: number; Calls: number }>; 'Execution Time': number }] }>(
      `explain (analyze, buffers, format json) ${WRITE_PLAYS_SQL}`,
    );
    await client.query('rollback');
    console.log(`profile of one more batch (${fmt(batch.length)} plays) into ${target.label}, rolled back:`);
    for (const [label, ms] of timings.filter(([label]) => label !== 'begin' && label !== 'rollback')) console.log(`  ${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms`);
    const explained = rows[0]!['QUERY PLAN'][0];
    const blocks = (node: PlanNode) => `read ${fmt(node['Shared Read Blocks'] ?? 0)}, dirtied ${fmt(node['Shared Dirtied Blocks'] ?? 0)}, written ${fmt(node['Shared Written Blocks'] ?? 0)} blocks`;
    for (const node of explained.Plan.Plans ?? []) {
      if (!node['Subplan Name']?.startsWith('CTE ')) continue;
      const written = node['Node Type'] === 'ModifyTable' ? ` (writes ${node['Relation Name']})` : '';
      console.log(`    ${`${node['Subplan Name']}${written}`.padEnd(42)} ${(node['Actual Total Time'] ?? 0).toFixed(1).padStart(8)} ms inclusive; ${blocks(node)}`);
    }
    for (const trigger of explained.Triggers ?? []) console.log(`    ${`${trigger['Constraint Name'] ?? trigger['Trigger Name']} on ${trigger.Relation}`.padEnd(42)} ${trigger.Time.toFixed(1).padStart(8)} ms (${fmt(trigger.Calls)} rows)`);
    console.log(`    ${'execution (the whole statement)'.padEnd(42)} ${explained['Execution Time'].toFixed(1).padStart(8)} ms; ${blocks(explained.Plan)}`);
  } finally {
    await client.end();
  }
}

/**
 * The server's settings that decide how much of the read models' page traffic reaches the disk:
 * the buffer pool the five databases share, and how often a checkpoint makes the next change of
 * each page write the whole page to the WAL again. Printed with the figures, which depend on them.
 */
async function serverSettings(): Promise<string> {
  const names = ['server_version', 'shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'wal_compression'];
  const { rows } = await onServer((client) => client.query<{ name: string; value: string }>(
    `select name, current_setting(name) as value from unnest($1::text[]) name`, [names]));
  return rows.map((row) => `${row.name} ${row.value}`).join(', ');
}

const rate = (spent: Spent) => PLAYS / (spent.wallMs / 1000);
const cpuRate = (spent: Spent) => (spent.cpuMs === null ? null : PLAYS / (spent.cpuMs / 1000));

async function main(): Promise<void> {
  const [load1, load5] = loadavg();
  console.log(
    `bench:ingest: ${fmt(PLAYS)} plays, ${FANS} fans, ${TRACKS} tracks, ${ARTISTS} artists, batches of ${fmt(BATCH)}, ${REPEAT_SHARE * 100}% repeats; ` +
      `scale run into ${fmt(PRELOAD)} plays; ${availableParallelism()} cores, load average ${load1.toFixed(2)} / ${load5.toFixed(2)}`,
  );
  console.log(`server: ${await serverSettings()}`);
  const targets: Target[] = [
    await floorTarget('floor, plays only', await prepare(`${DATABASE}_floor`), PLAYS_ONLY_SQL),
    await floorTarget('floor, same rows', await prepare(`${DATABASE}_rows`), SAME_ROWS_SQL),
    await realTarget('real (writePlays)', await prepare(`${DATABASE}_real`)),
  ];
  if (PRELOAD > 0) targets.push(await realTarget(`real, ${fmt(PRELOAD)} plays before`, await scaleDatabase(`${DATABASE}_scale`)));
  // The floors into copies of the same preloaded tables (`scaleFloors`), opt-in: each copy competes
  // for the server's memory with the scale run's and slows the run it explains (a same-rows copy:
  // 66.5 % → 127 % on 2026-11-28).
  const scaleFloors: { target: Target; empty: Target; note: string }[] = [];
  for (const floor of PRELOAD > 0 ? SCALE_FLOORS.filter((floor) => SCALE_FLOOR_NAMES.includes(floor.name)) : []) {
    const url = await scaleDatabase(scaleCopy(floor.name));
    const target = await floorTarget(`${floor.label}, ${fmt(PRELOAD)} before`, floor.reshape ? await floor.reshape(url) : url, floor.statement);
    scaleFloors.push({ target, empty: floor.statement === SAME_ROWS_SQL ? targets[1]! : targets[0]!, note: floor.note });
  }
  // Scrobble-shaped plays store other played_at values (a start and a window): compared by rate only.
  const scrobbles = await realTarget('real, scrobble-shaped (no ids)', await prepare(`${DATABASE}_scrobbles`), scrobbleShaped);
  const others = [...scaleFloors.map((floor) => floor.target), scrobbles];
  const begin = performance.now();
  let done = 0;
  let last: IncomingPlay[] = [];
  for (const batch of batches()) {
    for (const target of [...targets, ...others]) await timed(target, batch);
    done += batch.length;
    last = batch;
    if (done % (BATCH * 10) === 0) console.log(`  ${fmt(done)} plays (${((performance.now() - begin) / 1000).toFixed(0)} s)`);
  }
  if (PROFILE) {
    // The last batch again, an hour later: the same fans, tracks and shape, none of them stored yet.
    const next = last.map((play) => ({ ...play, playedAt: new Date(play.playedAt.getTime() + 3_600_000) }));
    for (const target of targets.slice(2)) await profileBatch(target, next);
  }
  for (const target of [...targets, ...others]) await target.close();
  await walClient?.end();
  const [playsOnly, sameRows, real, scale] = targets as [Target, Target, Target, Target | undefined];
  for (const target of [...targets, ...others]) {
    const cpu = cpuRate(target.spent);
    console.log(
      `${target.label.padEnd(34)} ${fmt(rate(target.spent)).padStart(7)} plays/s (${(target.spent.wallMs / 1000).toFixed(1)} s, ${fmt(target.spent.inserted)} stored)` +
        (cpu === null ? '' : `; ${fmt(cpu)} plays per CPU-second (${(target.spent.cpuMs! / 1000).toFixed(1)} s CPU)`) +
        `; WAL ${fmt(target.spent.walBytes / 2 ** 20)} MB (${fmt(target.spent.walBytes / PLAYS)} bytes per play)`,
    );
  }
  if (new Set(targets.map((target) => target.spent.inserted)).size > 1) console.log(`WARNING: the runs stored different numbers of plays`);
  const same = (await readModelDigest(sameRows.url)) === (await readModelDigest(real.url));
  console.log(`read models of the same-rows floor and the real writer: ${same ? 'identical' : 'DIFFERENT'}`);
  const ratio = (label: string, value: number, goal: number, cpu: number | null) =>
    console.log(`${label}: ${value.toFixed(2)}x (goal ≥ ${goal.toFixed(2)}x) ${value >= goal ? 'OK' : 'BELOW GOAL'}${cpu === null ? '' : `; by CPU time ${cpu.toFixed(2)}x`}`);
  const cpuRatio = (a: Target, b: Target) => (a.spent.cpuMs === null || b.spent.cpuMs === null ? null : b.spent.cpuMs / a.spent.cpuMs);
  ratio('real / floor (plays only)', playsOnly.spent.wallMs / real.spent.wallMs, 0.5, cpuRatio(real, playsOnly));
  ratio('real / floor (same rows) ', sameRows.spent.wallMs / real.spent.wallMs, 0.9, cpuRatio(real, sameRows));
  const scrobbleCpu = cpuRatio(scrobbles, real);
  console.log(
    `scrobble-shaped (text names, no provider id): ${fmt(rate(scrobbles.spent))} plays/s beside ${fmt(rate(real.spent))} plays/s with provider ids: ` +
      `${(real.spent.wallMs / scrobbles.spent.wallMs).toFixed(2)}x${scrobbleCpu === null ? '' : `; by CPU time ${scrobbleCpu.toFixed(2)}x`}`,
  );
  if (scale) {
    const slower = (full: Target, empty: Target) => {
      const cpu = cpuRatio(empty, full);
      const share = full.spent.wallMs / empty.spent.wallMs - 1;
      return { share, text: `${fmt(rate(full.spent))} plays/s beside ${fmt(rate(empty.spent))} into the empty table: ${(share * 100).toFixed(1)} % slower${cpu === null ? '' : `; by CPU time ${((cpu - 1) * 100).toFixed(1)} % more`}` };
    };
    const writer = slower(scale, real);
    console.log(`real into ${fmt(PRELOAD)} plays: ${writer.text} (goal ≤ 25 %) ${writer.share <= 0.25 ? 'OK' : 'BELOW GOAL'}`);
    for (const floor of scaleFloors) console.log(`${floor.target.label}: ${slower(floor.target, floor.empty).text} (${floor.note})`);
    const copies = [`${DATABASE}_scale`, ...SCALE_FLOORS.map((floor) => scaleCopy(floor.name))];
    for (const name of copies) await onServer((client) => client.query(`drop database if exists "${name}" with (force)`));
  }
  const [after1, after5] = loadavg();
  console.log(`load average at the end: ${after1.toFixed(2)} / ${after5.toFixed(2)}`);
}

await main();
