import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { TokenCipher } from '#pie/identity';
import type { ListeningSourceState } from '#pie/contracts';
import { APP_CONFIG, Database, DomainError, nativeTransaction, type AppConfig } from '#pie/platform';
import {
  ListenBrainzApi,
  ListenBrainzRateLimitedError,
  ListenBrainzUnauthorizedError,
  ListenBrainzUnavailableError,
  ListenBrainzUserNotFoundError,
  LISTENBRAINZ_PAGE_SIZE,
  listenDurationMs,
  type ListenBrainzListen,
  type ListenBrainzListensPage,
} from '../provider/listenbrainz-api.js';
import { CATALOGUE_LOCK_KEY } from './catalogue-lock.js';
import { nextPollAt } from './listening.constants.js';
import { writePlaysIn } from './play-writer.js';
import { scrobblePlay } from './scrobble-plays.js';

/** Pages one sync reads before handing over (a new job goes on): 5 pages + the token check stay well inside 30 requests per 10 s. */
export const BACKFILL_PAGES_PER_SYNC = 5;
/** Forward pages one poll may read (1,000 listens each). */
const POLL_PAGES = 10;

export const LISTENBRAINZ_REVOKED_REASON = 'ListenBrainz no longer accepts the token Pie has for your account (it was reset). Connect ListenBrainz again in Settings with your new token.';
export const LISTENBRAINZ_GONE_REASON = 'ListenBrainz no longer knows your account. Connect ListenBrainz again in Settings.';

export const invalidListenBrainzToken = () =>
  new DomainError('listening.listenbrainz-token-invalid', 'invalid', 'ListenBrainz does not accept this user token. Copy it again from your ListenBrainz settings page.', {
    token: ['ListenBrainz does not accept this token'],
  });

export const listenBrainzUnavailable = () =>
  new DomainError('listening.listenbrainz-unavailable', 'unavailable', 'ListenBrainz is not answering right now. Please try again in a minute.');

export type ScrobbleSyncOutcome =
  | { kind: 'backfilling'; inserted: number }
  | { kind: 'polled'; inserted: number }
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
}

/**
 * A fan's ListenBrainz listens (issue 33). Connecting checks the user token and stores it sealed;
 * then each sync either back-fills (pages going back from the newest listen at connection, the
 * cursor committed with each page's plays, so a crash resumes where it stopped) or, once the
 * oldest listen is in, polls the listens after the newest one seen. Plays go through the one
 * writer (`scrobble-plays.ts`): a listen Spotify also reported is counted once. A 429 says when
 * to come back (`X-RateLimit-Reset-In`); a token ListenBrainz no longer accepts marks the source
 * broken. A disconnection or account deletion that lands during a sync wins: its plays are dropped.
 */
@Injectable()
export class ListenBrainzSource {
  private readonly logger = new Logger(ListenBrainzSource.name);
  private readonly cipher: TokenCipher;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ListenBrainzApi) private readonly api: ListenBrainzApi,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cipher = new TokenCipher(config);
  }

  /** Checks the token with ListenBrainz and (re)connects the fan; the back-fill starts at the next sync. */
  async connect(fanId: string, token: string): Promise<{ userName: string }> {
    let userName: string | null;
    let newest: ListenBrainzListensPage;
    try {
      userName = await this.api.userOfToken(token);
      if (!userName) throw invalidListenBrainzToken();
      newest = await this.api.listens(token, userName, { count: 1 });
    } catch (error) {
      if (error instanceof ListenBrainzUnavailableError || error instanceof ListenBrainzRateLimitedError) throw listenBrainzUnavailable();
      throw error;
    }
    const latest = newest.payload.latest_listen_ts ?? newest.payload.listens[0]?.listened_at ?? 0;
    const oldest = newest.payload.oldest_listen_ts ?? latest;
    await this.database.em().execute(
      `insert into listening.scrobble_sources as s (fan_id, kind, user_name, token_sealed, status, backfill_before_ts, backfill_oldest_ts, backfill_newest_ts, newest_seen_ts, next_sync_at)
       values (?, 'listenbrainz', ?, ?, 'backfilling', ?, ?, ?, ?, now())
       on conflict (fan_id, kind) do update set user_name = excluded.user_name, token_sealed = excluded.token_sealed, status = 'backfilling',
         broken_reason = null, backfill_before_ts = excluded.backfill_before_ts, backfill_oldest_ts = excluded.backfill_oldest_ts,
         backfill_newest_ts = excluded.backfill_newest_ts, newest_seen_ts = greatest(s.newest_seen_ts, excluded.newest_seen_ts),
         backfilled_listens = 0, next_sync_at = now(), connected_at = now(), updated_at = now()`,
      [fanId, userName, this.cipher.encrypt(token), latest + 1, oldest, latest, latest],
    );
    return { userName };
  }

  /** What settings show: the source's state, the back-fill's progress (by the time span covered). */
  async state(fanId: string): Promise<ListeningSourceState> {
    const [row] = await this.database.em().execute<
      {
        status: ListeningSourceState['status'];
        user_name: string;
        broken_reason: string | null;
        backfilled_listens: number;
        backfill_before_ts: string | null;
        backfill_oldest_ts: string | null;
        backfill_newest_ts: string | null;
        last_polled_at: Date | null;
        next_sync_at: Date;
      }[]
    >(
      `select status, user_name, broken_reason, backfilled_listens, backfill_before_ts, backfill_oldest_ts, backfill_newest_ts, last_polled_at, next_sync_at
         from listening.scrobble_sources where fan_id = ? and kind = 'listenbrainz'`,
      [fanId],
    );
    if (!row) return { source: 'listenbrainz', status: 'not-connected', user_name: null, broken_reason: null, backfill: null, last_polled_at: null, next_sync_at: null };
    const span = Number(row.backfill_newest_ts ?? 0) + 1 - Number(row.backfill_oldest_ts ?? 0);
    const covered = Number(row.backfill_newest_ts ?? 0) + 1 - Number(row.backfill_before_ts ?? 0);
    return {
      source: 'listenbrainz',
      status: row.status,
      user_name: row.user_name,
      broken_reason: row.status === 'broken' ? row.broken_reason : null,
      backfill: row.status === 'backfilling' ? { listens: Number(row.backfilled_listens), percent: span > 0 ? Math.min(99, Math.floor((covered / span) * 100)) : 0 } : null,
      last_polled_at: row.last_polled_at ? new Date(row.last_polled_at).toISOString() : null,
      next_sync_at: row.status === 'backfilling' || row.status === 'connected' ? new Date(row.next_sync_at).toISOString() : null,
    };
  }

  /** The fan removed the source: polling stops and the token is forgotten; their plays stay. */
  async disconnect(fanId: string): Promise<boolean> {
    const rows = await this.database
      .em()
      .execute<{ fan_id: string }[]>(
        `update listening.scrobble_sources set status = 'disconnected', token_sealed = null, broken_reason = null, updated_at = now()
          where fan_id = ? and kind = 'listenbrainz' and status <> 'disconnected' returning fan_id`,
        [fanId],
      );
    return rows.length > 0;
  }

  /** One sync: a slice of the back-fill, or a poll. */
  async sync(fanId: string): Promise<ScrobbleSyncOutcome> {
    const [row] = await this.database
      .em()
      .execute<SourceRow[]>(
        `select user_name, token_sealed, status, backfill_before_ts, backfill_oldest_ts, newest_seen_ts from listening.scrobble_sources
          where fan_id = ? and kind = 'listenbrainz' and status in ('backfilling', 'connected')`,
        [fanId],
      );
    if (!row) return { kind: 'not-connected' };
    const token = this.cipher.decrypt(row.token_sealed);
    try {
      // The listens are public: only validate-token tells a reset token.
      if ((await this.api.userOfToken(token)) === null) return this.broken(fanId, LISTENBRAINZ_REVOKED_REASON);
      return row.status === 'backfilling' ? await this.backfill(fanId, token, row) : await this.poll(fanId, token, row);
    } catch (error) {
      if (error instanceof ListenBrainzRateLimitedError) {
        await this.database
          .em()
          .execute(`update listening.scrobble_sources set next_sync_at = now() + make_interval(secs => ?), updated_at = now() where fan_id = ? and kind = 'listenbrainz'`, [
            error.retryAfterMs / 1000,
            fanId,
          ]);
        return { kind: 'rate-limited', retryAfterMs: error.retryAfterMs };
      }
      if (error instanceof ListenBrainzUnauthorizedError) return this.broken(fanId, LISTENBRAINZ_REVOKED_REASON);
      if (error instanceof ListenBrainzUserNotFoundError) return this.broken(fanId, LISTENBRAINZ_GONE_REASON);
      throw error;
    }
  }

  private async backfill(fanId: string, token: string, row: SourceRow): Promise<ScrobbleSyncOutcome> {
    let before = Number(row.backfill_before_ts);
    const oldest = Number(row.backfill_oldest_ts ?? 0);
    let inserted = 0;
    for (let page = 0; page < BACKFILL_PAGES_PER_SYNC; page++) {
      const listens = (await this.api.listens(token, row.user_name, { maxTs: before, count: LISTENBRAINZ_PAGE_SIZE })).payload.listens;
      const reachedOldest = listens.length === 0 || listens.some((listen) => listen.listened_at <= oldest);
      const cursor = listens.length === 0 ? before : Math.min(...listens.map((listen) => listen.listened_at));
      // The cursor and the page's plays commit together: a crash resumes at the first unstored page.
      const stored = await this.store(fanId, listens, (client) =>
        client.query(
          `update listening.scrobble_sources set backfill_before_ts = $2, backfilled_listens = backfilled_listens + $3,
             status = case when $4::boolean then 'connected' else status end,
             next_sync_at = case when $4::boolean then $5::timestamptz else now() end, last_polled_at = now(), updated_at = now()
           where fan_id = $1 and kind = 'listenbrainz'`,
          [fanId, cursor, listens.length, reachedOldest, nextPollAt(new Date())],
        ),
      );
      if (stored === null) return { kind: 'not-connected' };
      inserted += stored;
      if (reachedOldest) return { kind: 'polled', inserted };
      before = cursor;
    }
    return { kind: 'backfilling', inserted };
  }

  private async poll(fanId: string, token: string, row: SourceRow): Promise<ScrobbleSyncOutcome> {
    let after = Number(row.newest_seen_ts ?? 0);
    let inserted = 0;
    for (let page = 0; page < POLL_PAGES; page++) {
      // min_ts answers the listens just after it, newest first: following the newest moves on without gaps.
      const listens = (await this.api.listens(token, row.user_name, { minTs: after, count: LISTENBRAINZ_PAGE_SIZE })).payload.listens;
      const newest = listens.reduce((max, listen) => Math.max(max, listen.listened_at), after);
      const last = listens.length < LISTENBRAINZ_PAGE_SIZE || newest <= after;
      const stored = await this.store(fanId, listens, (client) =>
        client.query(
          `update listening.scrobble_sources set newest_seen_ts = greatest(newest_seen_ts, $2), last_polled_at = now(),
             next_sync_at = case when $3::boolean then $4::timestamptz else next_sync_at end, updated_at = now()
           where fan_id = $1 and kind = 'listenbrainz'`,
          [fanId, newest, last, nextPollAt(new Date())],
        ),
      );
      if (stored === null) return { kind: 'not-connected' };
      inserted += stored;
      if (last) break;
      after = newest;
    }
    return { kind: 'polled', inserted };
  }

  /**
   * The plays and the cursor in one transaction, under the play writer's locks (taken first, in
   * its order) and the source's row: null when the source was disconnected or forgotten meanwhile.
   */
  private store(fanId: string, listens: ListenBrainzListen[], moveCursor: (client: PoolClient) => Promise<unknown>): Promise<number | null> {
    return nativeTransaction(this.database, async (client) => {
      await client.query(`select pg_advisory_xact_lock_shared(${CATALOGUE_LOCK_KEY}), pg_advisory_xact_lock(hashtext('listening-plays:' || $1))`, [fanId]);
      const { rows } = await client.query(`select 1 from listening.scrobble_sources where fan_id = $1 and kind = 'listenbrainz' and status in ('backfilling', 'connected') for update`, [
        fanId,
      ]);
      if (rows.length === 0) {
        this.logger.warn(`ListenBrainz sync of fan ${fanId} finished after the source was removed; ${listens.length} listen(s) dropped`);
        return null;
      }
      const plays = listens.filter(usable).map((listen) =>
        scrobblePlay({
          fanId,
          source: 'listenbrainz',
          startedAtSeconds: listen.listened_at,
          durationMs: listenDurationMs(listen),
          trackName: listen.track_metadata.track_name.trim(),
          artistName: listen.track_metadata.artist_name.trim(),
          album: listen.track_metadata.release_name?.trim() || null,
        }),
      );
      const written = await writePlaysIn(client, plays);
      await moveCursor(client);
      return written.inserted;
    });
  }

  private async broken(fanId: string, reason: string): Promise<ScrobbleSyncOutcome> {
    this.logger.warn(`ListenBrainz source of fan ${fanId} is broken: ${reason}`);
    await this.database
      .em()
      .execute(`update listening.scrobble_sources set status = 'broken', broken_reason = ?, updated_at = now() where fan_id = ? and kind = 'listenbrainz' and status <> 'disconnected'`, [
        reason,
        fanId,
      ]);
    return { kind: 'broken', reason };
  }
}

/** A listen the writer can store: names present and of a sane length, a plausible time. */
function usable(listen: ListenBrainzListen): boolean {
  const track = listen.track_metadata?.track_name?.trim() ?? '';
  const artist = listen.track_metadata?.artist_name?.trim() ?? '';
  return Number.isInteger(listen.listened_at) && listen.listened_at > 0 && track.length > 0 && track.length <= 500 && artist.length > 0 && artist.length <= 500;
}
