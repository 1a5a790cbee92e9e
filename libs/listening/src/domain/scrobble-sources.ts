import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { TokenCipher } from '#pie/identity';
import type { ListeningSourceState } from '#pie/contracts';
import { APP_CONFIG, Database, nativeTransaction, type AppConfig } from '#pie/platform';
import { LastfmApi } from '../provider/lastfm-api.js';
import { ListenBrainzApi } from '../provider/listenbrainz-api.js';
import {
  ScrobbleCredentialRefusedError,
  ScrobbleRateLimitedError,
  ScrobbleUserGoneError,
  type ScrobbleService,
  type ScrobbleSourceKind,
  type ServiceListen,
} from '../provider/scrobble-service.js';
import { CATALOGUE_LOCK_KEY } from './catalogue-lock.js';
import { nextPollAt } from './listening.constants.js';
import { clearStagedPlays, writePlaysIn } from './play-writer.js';
import { cooldownRemainingMs, startCooldown } from './provider-cooldown.js';
import { scrobblePlay } from './scrobble-plays.js';
import { sql } from 'kysely';
import { listeningDb } from '../db/listening-db.js';

/** Forward pages one poll may read. */
const POLL_PAGES = 10;
/**
 * Late scrobbles (issue 33): a player that was offline submits its scrobbles when it is back, with
 * the times they were played, so they land behind a poll's cursor. Every poll reads again the
 * `POLL_OVERLAP_S` before it (a phone offline for a flight; usually the same first page), and the
 * first poll of each UTC day the whole `LATE_SCROBBLE_WINDOW_S`: Last.fm accepts a scrobble up to
 * 14 days after it was played, and ignores older ones. What was read again is stored once by the
 * writer (the same listen gives the same play: its key, or the cross-source match).
 */
export const POLL_OVERLAP_S = 6 * 3600;
export const LATE_SCROBBLE_WINDOW_S = 14 * 24 * 3600;

export const SCROBBLE_SOURCE_KINDS: readonly ScrobbleSourceKind[] = ['listenbrainz', 'lastfm'];

export type ScrobbleSyncOutcome =
  | { kind: 'backfilling'; inserted: number }
  /** `reread`: listens read again from behind the cursor (the look-back's cost); `late`: those of them stored now. */
  | { kind: 'polled'; inserted: number; reread?: number; late?: number }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'broken'; reason: string }
  | { kind: 'not-connected' };

interface SourceRow {
  user_name: string;
  token_sealed: string;
  status: 'backfilling' | 'connected';
  backfill_before_ts: string | null;
  backfill_oldest_ts: string | null;
  newest_seen_ts: string | null;
  last_polled_at: string | null;
}

/**
 * A fan's scrobbling sources (issue 33), one machinery for every service (`ScrobbleService`):
 * the account is stored with its credential sealed; then each sync either back-fills (pages going
 * back from the newest listen at connection, the cursor committed with each page's plays, so a
 * crash resumes where it stopped) or, once the oldest listen is in, polls the listens after the
 * newest one seen. Plays go through the one writer (`scrobble-plays.ts`): a listen another source
 * also reported is counted once. A rate limit says when to come back (for a service whose limit
 * is the app's, every fan waits); a credential the service no longer accepts marks the source
 * broken with the reason. A disconnection or account deletion that lands during a sync wins.
 */
@Injectable()
export class ScrobbleSources {
  private readonly logger = new Logger(ScrobbleSources.name);
  private readonly cipher: TokenCipher;
  private readonly services: Record<ScrobbleSourceKind, ScrobbleService>;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ListenBrainzApi) listenbrainz: ListenBrainzApi,
    @Inject(LastfmApi) lastfm: LastfmApi,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cipher = new TokenCipher(config);
    this.services = { listenbrainz, lastfm };
  }

  /**
   * (Re)connects the fan's account: the credential sealed, the back-fill to start at the next sync
   * from just after `newestTs` down to `oldestTs` (seconds).
   */
  async connect(fanId: string, kind: ScrobbleSourceKind, account: { userName: string; credential: string; newestTs: number; oldestTs: number }): Promise<void> {
    const { userName, credential, newestTs, oldestTs } = account;
    await listeningDb(this.database.em())
      .insertInto('listening.scrobble_sources')
      .values({
        fan_id: fanId,
        kind,
        user_name: userName,
        token_sealed: this.cipher.encrypt(credential),
        status: 'backfilling',
        backfill_before_ts: newestTs + 1,
        backfill_oldest_ts: Math.min(oldestTs, newestTs),
        backfill_newest_ts: newestTs,
        newest_seen_ts: newestTs,
        next_sync_at: sql`now()`,
      })
      .onConflict((oc) =>
        oc.columns(['fan_id', 'kind']).doUpdateSet((eb) => ({
          user_name: eb.ref('excluded.user_name'),
          token_sealed: eb.ref('excluded.token_sealed'),
          status: 'backfilling',
          broken_reason: null,
          backfill_before_ts: eb.ref('excluded.backfill_before_ts'),
          backfill_oldest_ts: eb.ref('excluded.backfill_oldest_ts'),
          backfill_newest_ts: eb.ref('excluded.backfill_newest_ts'),
          newest_seen_ts: sql`greatest(listening.scrobble_sources.newest_seen_ts, excluded.newest_seen_ts)`,
          backfilled_listens: 0,
          next_sync_at: sql`now()`,
          connected_at: sql`now()`,
          updated_at: sql`now()`,
        })),
      )
      .execute();
  }

  /** What settings show: each source's state, the back-fill's progress (by the time span covered). */
  async states(fanId: string): Promise<ListeningSourceState[]> {
    const rows = await listeningDb(this.database.em())
      .selectFrom('listening.scrobble_sources')
      .select(['kind', 'status', 'user_name', 'broken_reason', 'backfilled_listens', 'backfill_before_ts', 'backfill_oldest_ts', 'backfill_newest_ts', 'last_polled_at', 'next_sync_at'])
      .where('fan_id', '=', fanId)
      .execute();
    return SCROBBLE_SOURCE_KINDS.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      if (!row) return { source: kind, status: 'not-connected', user_name: null, broken_reason: null, backfill: null, last_polled_at: null, next_sync_at: null };
      const span = Number(row.backfill_newest_ts ?? 0) + 1 - Number(row.backfill_oldest_ts ?? 0);
      const covered = Number(row.backfill_newest_ts ?? 0) + 1 - Number(row.backfill_before_ts ?? 0);
      return {
        source: kind,
        status: row.status,
        user_name: row.user_name,
        broken_reason: row.status === 'broken' ? row.broken_reason : null,
        backfill: row.status === 'backfilling' ? { listens: Number(row.backfilled_listens), percent: span > 0 ? Math.min(99, Math.floor((covered / span) * 100)) : 0 } : null,
        last_polled_at: row.last_polled_at ? new Date(row.last_polled_at).toISOString() : null,
        next_sync_at: row.status === 'backfilling' || row.status === 'connected' ? new Date(row.next_sync_at).toISOString() : null,
      };
    });
  }

  async state(fanId: string, kind: ScrobbleSourceKind): Promise<ListeningSourceState> {
    return (await this.states(fanId)).find((state) => state.source === kind)!;
  }

  /** The fan removed the source: polling stops and the credential is forgotten; their plays stay. */
  async disconnect(fanId: string, kind: ScrobbleSourceKind): Promise<boolean> {
    const rows = await listeningDb(this.database.em())
      .updateTable('listening.scrobble_sources')
      .set({ status: 'disconnected', token_sealed: null, broken_reason: null, updated_at: sql`now()` })
      .where('fan_id', '=', fanId)
      .where('kind', '=', kind)
      .where('status', '<>', 'disconnected')
      .returning('fan_id')
      .execute();
    return rows.length > 0;
  }

  /** One sync: a slice of the back-fill, or a poll. */
  async sync(fanId: string, kind: ScrobbleSourceKind): Promise<ScrobbleSyncOutcome> {
    const service = this.services[kind];
    const found = await listeningDb(this.database.em())
      .selectFrom('listening.scrobble_sources')
      .select(['user_name', 'token_sealed', 'status', 'backfill_before_ts', 'backfill_oldest_ts', 'newest_seen_ts', 'last_polled_at'])
      .where('fan_id', '=', fanId)
      .where('kind', '=', kind)
      .where('status', 'in', ['backfilling', 'connected'])
      .executeTakeFirst();
    if (!found) return { kind: 'not-connected' };
    // A connected or back-filling source keeps its sealed token (only a disconnection clears it).
    const row: SourceRow = { ...found, token_sealed: found.token_sealed!, status: found.status as SourceRow['status'] };
    if (service.appWideRateLimit) {
      const waitMs = await cooldownRemainingMs(this.database.em(), kind);
      if (waitMs > 0) return this.later(fanId, kind, waitMs);
    }
    const credential = this.cipher.decrypt(row.token_sealed);
    try {
      if (!(await service.accepts(credential, row.user_name))) return this.broken(fanId, service, service.revokedReason);
      return row.status === 'backfilling' ? await this.backfill(fanId, service, credential, row) : await this.poll(fanId, service, credential, row);
    } catch (error) {
      if (error instanceof ScrobbleRateLimitedError) {
        if (service.appWideRateLimit) await startCooldown(this.database.em(), kind, error.retryAfterMs);
        return this.later(fanId, kind, error.retryAfterMs);
      }
      if (error instanceof ScrobbleCredentialRefusedError) return this.broken(fanId, service, service.revokedReason);
      if (error instanceof ScrobbleUserGoneError) return this.broken(fanId, service, service.goneReason);
      throw error;
    }
  }

  private async later(fanId: string, kind: ScrobbleSourceKind, retryAfterMs: number): Promise<ScrobbleSyncOutcome> {
    await listeningDb(this.database.em())
      .updateTable('listening.scrobble_sources')
      .set({ next_sync_at: sql`now() + make_interval(secs => ${retryAfterMs / 1000})`, updated_at: sql`now()` })
      .where('fan_id', '=', fanId)
      .where('kind', '=', kind)
      .execute();
    return { kind: 'rate-limited', retryAfterMs };
  }

  private async backfill(fanId: string, service: ScrobbleService, credential: string, row: SourceRow): Promise<ScrobbleSyncOutcome> {
    let before = Number(row.backfill_before_ts);
    const oldest = Number(row.backfill_oldest_ts ?? 0);
    let inserted = 0;
    for (let page = 0; page < service.backfillPagesPerSync; page++) {
      const listens = await service.before(credential, row.user_name, before);
      const reachedOldest = listens.length < service.pageSize || listens.some((listen) => listen.startedAt <= oldest);
      const cursor = listens.length === 0 ? before : Math.min(...listens.map((listen) => listen.startedAt));
      // The cursor and the page's plays commit together: a crash resumes at the first unstored page.
      // raw SQL: bench:ingest — the cursor moves on the writer's native client, in its transaction (see `store`).
      const stored = await this.store(fanId, service, listens, (client) =>
        client.query(
          `update listening.scrobble_sources set backfill_before_ts = $3, backfilled_listens = backfilled_listens + $4,
             status = case when $5::boolean then 'connected' else status end,
             next_sync_at = case when $5::boolean then $6::timestamptz else now() end, last_polled_at = now(), updated_at = now()
           where fan_id = $1 and kind = $2`,
          [fanId, service.kind, cursor, listens.length, reachedOldest, nextPollAt(new Date())],
        ),
      );
      if (stored === null) return { kind: 'not-connected' };
      inserted += stored;
      if (reachedOldest) return { kind: 'polled', inserted };
      before = cursor;
    }
    return { kind: 'backfilling', inserted };
  }

  private async poll(fanId: string, service: ScrobbleService, credential: string, row: SourceRow): Promise<ScrobbleSyncOutcome> {
    const cursor = Number(row.newest_seen_ts ?? 0);
    const lookback = lookbackSeconds(row.last_polled_at === null ? null : new Date(row.last_polled_at), new Date());
    let inserted = 0;
    let reread = 0;
    let late = 0;
    let pages = 0;
    let done = true;
    for await (const listens of service.after(credential, row.user_name, Math.max(0, cursor - lookback))) {
      if (pages++ >= POLL_PAGES) {
        // The rest at the next sync (the scheduler's lease), from the newest stored.
        done = false;
        break;
      }
      const newest = listens.reduce((max, listen) => Math.max(max, listen.startedAt), 0);
      const stored = await this.store(
        fanId,
        service,
        listens,
        // raw SQL: bench:ingest — on the writer's native client, in its transaction (see `store`).
        (client) =>
          client.query(`update listening.scrobble_sources set newest_seen_ts = greatest(newest_seen_ts, $3), updated_at = now() where fan_id = $1 and kind = $2`, [
            fanId,
            service.kind,
            newest,
          ]),
        cursor,
      );
      if (stored === null) return { kind: 'not-connected' };
      inserted += stored.inserted;
      reread += stored.behind;
      late += stored.late;
    }
    if (late > 0) this.logger.log(`${service.label} poll of fan ${fanId}: ${late} late scrobble(s) stored (${reread} listen(s) read again behind the cursor)`);
    await listeningDb(this.database.em())
      .updateTable('listening.scrobble_sources')
      .set({
        last_polled_at: sql`now()`,
        next_sync_at: sql`case when ${done}::boolean then ${nextPollAt(new Date())}::timestamptz else next_sync_at end`,
        updated_at: sql`now()`,
      })
      .where('fan_id', '=', fanId)
      .where('kind', '=', service.kind)
      .where('status', 'in', ['backfilling', 'connected'])
      .execute();
    return { kind: 'polled', inserted, reread, late };
  }

  /**
   * The plays and the cursor in one transaction, under the play writer's locks (taken first, in
   * its order) and the source's row: null when the source was disconnected or forgotten meanwhile.
   */
  private store(fanId: string, service: ScrobbleService, listens: ServiceListen[], moveCursor: (client: PoolClient) => Promise<unknown>): Promise<number | null>;
  private store(
    fanId: string,
    service: ScrobbleService,
    listens: ServiceListen[],
    moveCursor: (client: PoolClient) => Promise<unknown>,
    cursor: number,
  ): Promise<{ inserted: number; behind: number; late: number } | null>;
  /**
   * With `cursor` (a poll): the listens at or behind it (read again by the look-back) are written
   * apart, to count how many were read again (`behind`) and how many of them were new (`late`).
   */
  private store(fanId: string, service: ScrobbleService, listens: ServiceListen[], moveCursor: (client: PoolClient) => Promise<unknown>, cursor?: number) {
    // raw SQL: bench:ingest — the scrobble writer's transaction: COPY needs the native client
    // (writePlaysIn), and the locks, the source's row and its cursor (`moveCursor`) go in that transaction with it.
    return nativeTransaction(this.database, async (client) => {
      await client.query(`select pg_advisory_xact_lock_shared(${CATALOGUE_LOCK_KEY}), pg_advisory_xact_lock(hashtext('listening-plays:' || $1))`, [fanId]);
      const { rows } = await client.query(`select 1 from listening.scrobble_sources where fan_id = $1 and kind = $2 and status in ('backfilling', 'connected') for update`, [
        fanId,
        service.kind,
      ]);
      if (rows.length === 0) {
        this.logger.warn(`${service.label} sync of fan ${fanId} finished after the source was removed; ${listens.length} listen(s) dropped`);
        return null;
      }
      const usable = listens.filter(isUsable);
      const lengths = await knownLengths(client, usable);
      const plays = (group: ServiceListen[]) =>
        group.map((listen) =>
          scrobblePlay({
            fanId,
            source: service.kind,
            startedAtSeconds: listen.startedAt,
            durationMs: listen.durationMs ?? lengths.get(matchKey(listen)) ?? null,
            trackName: listen.trackName.trim(),
            artistName: listen.artistName.trim(),
            album: listen.album,
            trackMbid: listen.trackMbid,
            artistMbid: listen.artistMbid,
          }),
        );
      if (cursor === undefined) {
        const written = await writePlaysIn(client, plays(usable));
        await moveCursor(client);
        return written.inserted;
      }
      const behind = usable.filter((listen) => listen.startedAt <= cursor);
      const ahead = usable.filter((listen) => listen.startedAt > cursor);
      const late = (await writePlaysIn(client, plays(behind))).inserted;
      if (behind.length > 0 && ahead.length > 0) await clearStagedPlays(client);
      const fresh = (await writePlaysIn(client, plays(ahead))).inserted;
      await moveCursor(client);
      return { inserted: late + fresh, behind: behind.length, late };
    });
  }

  private async broken(fanId: string, service: ScrobbleService, reason: string): Promise<ScrobbleSyncOutcome> {
    this.logger.warn(`${service.label} source of fan ${fanId} is broken: ${reason}`);
    await listeningDb(this.database.em())
      .updateTable('listening.scrobble_sources')
      .set({ status: 'broken', broken_reason: reason, updated_at: sql`now()` })
      .where('fan_id', '=', fanId)
      .where('kind', '=', service.kind)
      .where('status', '<>', 'disconnected')
      .execute();
    return { kind: 'broken', reason };
  }
}

/**
 * How far behind its cursor a poll reads again: the whole window in which a service still accepts a
 * late scrobble on the first poll of a UTC day (or the first poll ever), else the short overlap.
 */
export function lookbackSeconds(lastPolledAt: Date | null, now: Date): number {
  if (!lastPolledAt) return LATE_SCROBBLE_WINDOW_S;
  const day = (at: Date) => Math.floor(at.getTime() / 86_400_000);
  return day(new Date(lastPolledAt)) < day(now) ? LATE_SCROBBLE_WINDOW_S : POLL_OVERLAP_S;
}

/** The catalogue's match key (play-writer's `match_key`): primary artist and track name, lower-cased. */
const matchKey = (listen: ServiceListen) => `${listen.artistName.trim().toLowerCase()}\u241f${listen.trackName.trim().toLowerCase()}`;

/**
 * Lengths the catalogue already knows for listens the service reports without one (Last.fm's
 * recent tracks): the scrobble's end window then spans the real track, so a poll's or an export's
 * report of a long track still matches it.
 */
async function knownLengths(client: PoolClient, listens: ServiceListen[]): Promise<Map<string, number>> {
  const keys = [...new Set(listens.filter((listen) => listen.durationMs === null).map(matchKey))];
  if (keys.length === 0) return new Map();
  // raw SQL: bench:ingest — read on the writer's native client, inside its transaction (see `store`).
  const { rows } = await client.query<{ match_key: string; duration_ms: number }>(
    `select match_key, max(duration_ms)::int as duration_ms from listening.tracks where match_key = any($1::text[]) and duration_ms > 0 group by match_key`,
    [keys],
  );
  return new Map(rows.map((row) => [row.match_key, row.duration_ms]));
}

/** A listen the writer can store: names present and of a sane length, a plausible time. */
function isUsable(listen: ServiceListen): boolean {
  const track = listen.trackName.trim();
  const artist = listen.artistName.trim();
  return Number.isInteger(listen.startedAt) && listen.startedAt > 0 && track.length > 0 && track.length <= 500 && artist.length > 0 && artist.length <= 500;
}
