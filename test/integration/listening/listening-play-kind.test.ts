import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePlays, type IncomingPlay } from '#pie/listening/testing';
import { createOrm, Database, type Orm } from '#pie/platform';
import { createTestDatabase, type TestDatabase } from '#pie/testing';
import { Migration20270401000100_listening_writer_hot_rows as HotRows } from '../../../migrations/Migration20270401000100_listening_writer_hot_rows.js';
import { openSql, type Sql } from '../../support/sql.js';

/*
 * The writer skips the cross-source lookup for a play of the one kind (source, precision) all of
 * the fan's stored plays share (issue 32): the fan's state keeps that kind, widening to `*`
 * when another arrives. These check that the shortcut never costs a match: a play another kind
 * already brought is still counted once, and a poll still confirms an export's play.
 */

let database: TestDatabase;
let orm: Orm;
let db: Database;
let sql: Sql;
const TRACK = 'kindtrack000000000001';
const OTHER_TRACK = 'kindtrack000000000002';

function play(fanId: string, at: Date, source: IncomingPlay['source'], precisionSeconds: 1 | 60 = 1, providerTrackId = TRACK): IncomingPlay {
  return { fanId, playedAt: at, msPlayed: 150_000, source, precisionSeconds, providerTrackId, trackName: 'Kind Track', artistName: 'Kind Artist', album: null };
}

const kindOf = (fanId: string) => sql.value<string | null>(`select play_kind from listening.fan_listening_state where fan_id = $1`, [fanId]);
const playsOf = (fanId: string) =>
  sql.query<{ source: string; precision_s: number; trusted: boolean }>(`select source, precision_s, trusted from listening.plays where fan_id = $1 order by played_at, source`, [fanId]);

beforeAll(async () => {
  database = await createTestDatabase('playkind');
  orm = await createOrm({ databaseUrl: database.url, poolMax: 2 });
  db = new Database(orm);
  sql = openSql(database.url);
  await sql.query(`insert into listening.artists (provider_id, name, metadata_fetched_at) values ('kindartist', 'Kind Artist', now())`);
  for (const [providerId, name] of [[TRACK, 'Kind Track'], [OTHER_TRACK, 'Other Kind Track']]) {
    await sql.query(
      `with t as (insert into listening.tracks (provider_id, name, match_key, metadata_fetched_at) values ($1, $2, 'kind artist' || chr(9247) || lower($2), now()) returning id)
       insert into listening.track_artists (track_id, artist_id, position) select t.id, a.id, 0 from t, listening.artists a where a.provider_id = 'kindartist'`,
      [providerId, name],
    );
  }
});
afterAll(async () => {
  await sql?.close();
  await orm?.close(true);
  await database?.drop();
});

describe("the fan's play kind and the cross-source match", () => {
  it('keeps the one kind of an export, and a basic export of the same listen is still matched, not stored', async () => {
    const fanId = randomUUID();
    const at = new Date('2026-03-01T10:15:42Z');
    expect((await writePlays(db, [play(fanId, at, 'export')])).inserted).toBe(1);
    expect(await kindOf(fanId)).toBe('export/1');

    // The basic export truncates the end to the minute: another kind, so the lookup runs and finds it.
    const again = await writePlays(db, [play(fanId, new Date('2026-03-01T10:15:00Z'), 'export', 60)]);
    expect(again.inserted).toBe(0);
    expect(await playsOf(fanId)).toHaveLength(1);
    expect(await kindOf(fanId)).toBe('export/1');
  });

  it('widens to * when a poll brings another kind, and a poll still confirms the export’s play it meets', async () => {
    const fanId = randomUUID();
    const at = new Date('2026-03-02T08:00:10Z');
    await writePlays(db, [play(fanId, at, 'export'), play(fanId, new Date('2026-03-02T09:00:10Z'), 'export', 1, OTHER_TRACK)]);
    expect(await kindOf(fanId)).toBe('export/1');

    // A new listen from the poll: stored, and the fan's plays are of two kinds from now on.
    expect((await writePlays(db, [play(fanId, new Date('2026-03-02T12:00:00Z'), 'recently-played')])).inserted).toBe(1);
    expect(await kindOf(fanId)).toBe('*');

    // The poll reports the export's first listen two seconds off: matched and confirmed, not stored twice.
    const confirmed = await writePlays(db, [play(fanId, new Date(at.getTime() + 2_000), 'recently-played')]);
    expect(confirmed).toMatchObject({ inserted: 0, confirmed: 1 });
    expect(await playsOf(fanId)).toEqual([
      { source: 'export', precision_s: 1, trusted: true },
      { source: 'export', precision_s: 1, trusted: false },
      { source: 'recently-played', precision_s: 1, trusted: true },
    ]);
  });

  it('a first batch of two kinds leaves *', async () => {
    const fanId = randomUUID();
    await writePlays(db, [play(fanId, new Date('2026-03-03T08:00:00Z'), 'export', 60), play(fanId, new Date('2026-03-03T09:00:00Z'), 'lastfm', 60)]);
    expect(await kindOf(fanId)).toBe('*');
  });

  it('the migration gives fans who already have plays their kind, * where they are mixed', async () => {
    const [single, mixed, none] = [randomUUID(), randomUUID(), randomUUID()];
    await writePlays(db, [play(single, new Date('2026-03-04T08:00:00Z'), 'export', 60)]);
    await writePlays(db, [play(mixed, new Date('2026-03-04T08:00:00Z'), 'export'), play(mixed, new Date('2026-03-04T09:00:00Z'), 'recently-played')]);
    await sql.query(`insert into listening.fan_listening_state (fan_id, status, next_poll_at) values ($1, 'connected', now())`, [none]);
    await sql.query(`update listening.fan_listening_state set play_kind = null where fan_id = any($1::uuid[])`, [[single, mixed]]);

    const migration = new HotRows(undefined as never, undefined as never);
    await migration.up();
    const backfill = migration.getQueries().map(String).filter((statement) => statement.startsWith('update listening.fan_listening_state'));
    expect(backfill).toHaveLength(1);
    for (const statement of backfill) await sql.query(statement);

    expect(await kindOf(single)).toBe('export/60');
    expect(await kindOf(mixed)).toBe('*');
    expect(await kindOf(none)).toBeNull();
  });
});
