import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingPlay } from '#pie/listening/testing';
import { stagePlays, WRITE_PLAYS_SQL } from '#pie/listening/testing';
import { createOrm, Database, nativeTransaction, type Orm } from '#pie/platform';
import { createTestDatabase, type TestDatabase } from '#pie/testing';

/*
 * The play writer's cost must not grow with the plays table (issue 32: the match once hashed the
 * whole table for every batch, and the speed fell 18×). Without timing anything, this reads the
 * plan Postgres makes for the writer's batch statement on a seeded, analysed table: the
 * cross-source match and every read-model write reach listening.plays only along an index.
 */

const FANS = 400;
const PLAYS_PER_FAN = 500;
const TRACKS = 4_000;
const ARTISTS = 1_000;

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const fanId = (index: number) => `00000000-0000-4000-9000-${hex(index, 12)}`;
const providerTrackId = (index: number) => `plantrack${hex(index, 8)}`;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Schema?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

let database: TestDatabase;
let orm: Orm;
let db: Database;

/** The plan of the batch statement for these plays, staged as the writer stages them (rolled back). */
async function planFor(plays: IncomingPlay[]): Promise<PlanNode[]> {
  let plan: PlanNode[] = [];
  await nativeTransaction(db, async (client: PoolClient) => {
    await stagePlays(client, plays);
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${WRITE_PLAYS_SQL}`);
    plan = nodes(rows[0]['QUERY PLAN'][0].Plan);
    throw new Rollback();
  }).catch((error: unknown) => {
    if (!(error instanceof Rollback)) throw error;
  });
  return plan;
}
class Rollback extends Error {}

const scansOf = (plan: PlanNode[], table: string) => plan.filter((node) => node['Relation Name'] === table).map((node) => `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`);

function play(fan: number, at: Date, track: number, source: IncomingPlay['source'], precisionSeconds: 1 | 60 = 1): IncomingPlay {
  return {
    fanId: fanId(fan),
    playedAt: at,
    msPlayed: 120_000,
    source,
    precisionSeconds,
    providerTrackId: providerTrackId(track),
    trackName: `Plan Track ${track}`,
    artistName: `Plan Artist ${track % ARTISTS}`,
    album: null,
  };
}

/** The seeded plays' times: fan f's k-th play. */
const seededAt = (fan: number, k: number) => new Date(Date.UTC(2026, 0, 1) - (PLAYS_PER_FAN - k) * 180_000 - fan * 1_000);

beforeAll(async () => {
  database = await createTestDatabase('writerplans');
  orm = await createOrm({ databaseUrl: database.url, poolMax: 1 });
  db = new Database(orm);
  const em = orm.em.fork();
  await em.execute(`insert into listening.artists (provider_id, name, metadata_fetched_at)
                    select 'planartist' || g, 'Plan Artist ' || g, now() from generate_series(0, ${ARTISTS - 1}) g`);
  await em.execute(`insert into listening.tracks (provider_id, name, match_key, metadata_fetched_at)
                    select 'plantrack' || lpad(to_hex(g), 8, '0'), 'Plan Track ' || g, lower('Plan Artist ' || (g % ${ARTISTS})) || chr(9247) || lower('Plan Track ' || g), now()
                      from generate_series(0, ${TRACKS - 1}) g`);
  await em.execute(`insert into listening.track_artists (track_id, artist_id, position)
                    select t.id, a.id, 0 from listening.tracks t join listening.artists a on a.name = 'Plan Artist ' || (substr(t.name, 12)::int % ${ARTISTS})`);
  await em.execute(`insert into listening.fan_profiles (fan_id, time_zone) select ('00000000-0000-4000-9000-' || lpad(to_hex(f), 12, '0'))::uuid, 'Europe/Paris'
                      from generate_series(0, ${FANS - 1}) f`);
  // 200,000 export plays of the same fans, before the batches' plays (set-based; the read models are not the subject here).
  await em.execute(`insert into listening.plays (fan_id, played_at, track_id, ms_played, source, precision_s, trusted)
                    select ('00000000-0000-4000-9000-' || lpad(to_hex(f), 12, '0'))::uuid,
                           timestamptz '2026-01-01 00:00:00+00' - make_interval(secs => (${PLAYS_PER_FAN} - k) * 180 + f),
                           t.id, 120000, 'export', 1, false
                      from generate_series(0, ${FANS - 1}) f cross join generate_series(0, ${PLAYS_PER_FAN - 1}) k
                      join listening.tracks t on t.provider_id = 'plantrack' || lpad(to_hex((f * 7 + k * 13) % ${TRACKS}), 8, '0')`);
  await em.execute(`analyze`);
}, 120_000);
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

describe('the play writer reads listening.plays along its indexes', () => {
  it('a poll that meets plays an export stored: the match is a range of the (fan, played_at, track) key and the confirmation a TID scan', async () => {
    // The poll reports 50 of the seeded plays of one fan (3 seconds off) and 50 new ones.
    const poll = Array.from({ length: 50 }, (_, k) => play(3, new Date(seededAt(3, 400 + k).getTime() + 3_000), (3 * 7 + (400 + k) * 13) % TRACKS, 'recently-played'));
    for (let k = 0; k < 50; k++) poll.push(play(3, new Date(Date.UTC(2026, 0, 2) + k * 180_000), k, 'recently-played'));
    const plan = await planFor(poll);
    expect(scansOf(plan, 'plays')).not.toContain('Seq Scan');
    expect(scansOf(plan, 'plays')).toContain('Index Scan using plays_pkey');
    expect(scansOf(plan, 'plays')).toContain('Tid Scan');
  });

  it('an export of 10,000 plays of 400 fans: no step scans the plays, the catalogue or the credits whole', async () => {
    const batch: IncomingPlay[] = [];
    for (let n = 0; n < 10_000; n++) batch.push(play(n % FANS, new Date(Date.UTC(2026, 0, 2) + n * 7_000), (n * 31) % TRACKS, 'export', n % 2 === 0 ? 1 : 60));
    const plan = await planFor(batch);
    for (const table of ['plays', 'tracks', 'track_artists']) expect(scansOf(plan, table), table).not.toContain('Seq Scan');
    expect(scansOf(plan, 'plays')).toContain('Index Scan using plays_pkey');
    // Each read model is written by the statement (an insert or update of its own rows, nothing read whole).
    for (const table of ['plays', 'fan_days', 'fan_tracks', 'fan_artists', 'fan_artist_days', 'fan_listening_state']) expect(scansOf(plan, table), table).toContain('ModifyTable');
  });
});
