import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProviderAccessRevokedError, ProviderNotConnectedError, ProviderTokens } from '#pie/identity';
import { Database, nativeTransaction, recordInOutbox } from '#pie/platform';
import { FetchCatalogue } from '../jobs/fetch-catalogue/fetch-catalogue.job.js';
import {
  SpotifyForbiddenError,
  SpotifyRateLimitedError,
  SpotifyUnauthorizedError,
  SpotifyWebApi,
  type SpotifyPlayHistory,
  type SpotifyRecentlyPlayedPage,
} from '../provider/spotify-web-api.js';
import { CATALOGUE_LOCK_KEY } from './catalogue-lock.js';
import { isStorableTrack, writeTrackMetadata } from './catalogue-writer.js';
import { breakConnection, markDisconnected } from './fan-connection.js';
import { MAX_PAGES_PER_POLL, nextPollAt, PROVIDER, RECENTLY_PLAYED_LIMIT } from './listening.constants.js';
import { writePlaysIn, type IncomingPlay } from './play-writer.js';
import { cooldownRemainingMs, startCooldown } from './provider-cooldown.js';
import { sql } from 'kysely';
import { listeningDb } from '../db/listening-db.js';

export type IngestOutcome =
  | { kind: 'ingested'; fetched: number; inserted: number; lastPlayedAt: Date | null }
  /** The provider asked us to wait; what came before the 429 is stored. */
  | { kind: 'rate-limited'; retryAfterMs: number; fetched: number; inserted: number; lastPlayedAt: Date | null }
  | { kind: 'broken'; reason: string }
  | { kind: 'not-connected' };

export const REVOKED_REASON = 'Spotify refused to renew Pie’s access (it was withdrawn from your Spotify account, or it expired). Connect Spotify again in Settings.';
export const UNAUTHORIZED_REASON = 'Spotify no longer accepts Pie’s access to your account. Connect Spotify again in Settings.';
export const FORBIDDEN_REASON = 'Spotify refused to share your recently played tracks with Pie. Connect Spotify again in Settings and allow access to your listening history.';

class ConnectionRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

function playedAtMs(item: SpotifyPlayHistory): number {
  return Date.parse(item.played_at);
}

/**
 * One poll of one fan (DESIGN §7): recently-played after the last play seen, following pages
 * while the provider has more, then the catalogue and the plays in one transaction with the new
 * cursor. Used by the worker's `listening.ingest-fan` job and by "fetch latest" in the API.
 *
 * Tokens come from identity's facade (refreshed before expiry; refreshed once more if the provider
 * still answers 401). A 429 starts the app-wide cooldown; a 5xx is retried inside the call and
 * then surfaces as SpotifyUnavailableError for the job's backoff. Access withdrawn or refused
 * marks the connection broken and tells the fan.
 */
@Injectable()
export class FanIngestion {
  private readonly logger = new Logger(FanIngestion.name);

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ProviderTokens) private readonly tokens: ProviderTokens,
    @Inject(SpotifyWebApi) private readonly spotify: SpotifyWebApi,
  ) {}

  async ingest(fanId: string): Promise<IngestOutcome> {
    const em = this.database.em();
    const wait = await cooldownRemainingMs(em, PROVIDER);
    if (wait > 0) return { kind: 'rate-limited', retryAfterMs: wait, fetched: 0, inserted: 0, lastPlayedAt: null };
    const db = listeningDb(em);
    let state = await db.selectFrom('listening.fan_listening_state').select('last_played_at').where('fan_id', '=', fanId).executeTakeFirst();
    if (!state) {
      // A fan identity says is connected but whom the scheduler has not met yet (a sync asked for
      // first): known from now on; the token call below decides whether they are connected.
      await db
        .insertInto('listening.fan_listening_state')
        .values({ fan_id: fanId, status: 'connected', next_poll_at: sql`now()`, connected_at: sql`now()` })
        .onConflict((oc) => oc.doNothing())
        .execute();
      state = { last_played_at: null };
    }
    const cursor = state?.last_played_at ? new Date(state.last_played_at).getTime() : undefined;

    const items: SpotifyPlayHistory[] = [];
    /** The newest play the provider returned, stored or skipped: the cursor moves past both. */
    let newestSeen = -Infinity;
    let retryAfterMs: number | null = null;
    try {
      let token = await this.tokens.accessTokenFor(fanId, PROVIDER);
      let after = cursor;
      for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
        let body: SpotifyRecentlyPlayedPage;
        try {
          body = await this.spotify.recentlyPlayed(token, { afterMs: after, limit: RECENTLY_PLAYED_LIMIT });
        } catch (error) {
          if (!(error instanceof SpotifyUnauthorizedError)) throw error;
          // Expired or revoked early at the provider: one forced refresh, then it is the fan's connection that is broken.
          token = await this.tokens.accessTokenFor(fanId, PROVIDER, { force: true });
          try {
            body = await this.spotify.recentlyPlayed(token, { afterMs: after, limit: RECENTLY_PLAYED_LIMIT });
          } catch (retryError) {
            if (retryError instanceof SpotifyUnauthorizedError) throw new ConnectionRefused(UNAUTHORIZED_REASON);
            throw retryError;
          }
        }
        const received = (body.items ?? []).filter((item) => item?.track && !item.track.is_local);
        const pageItems = received.filter((item) => isStorableTrack(item.track) && !Number.isNaN(playedAtMs(item)));
        if (pageItems.length < received.length) {
          // One bad item (an empty or overlong name, no id, no date) must not fail the fan's poll forever.
          const bad = received.filter((item) => !pageItems.includes(item));
          this.logger.warn(`Skipped ${bad.length} unusable item(s) from Spotify for fan ${fanId}: ${bad.map((item) => item.track?.id ?? '(no id)').join(', ')}`);
        }
        items.push(...pageItems);
        // The cursor passes skipped items too, so they are not asked for again.
        const newest = received.reduce((max, item) => (Number.isNaN(playedAtMs(item)) ? max : Math.max(max, playedAtMs(item))), -Infinity);
        // A full page may have more behind it: go on from its newest play, as long as that moves the cursor.
        newestSeen = Math.max(newestSeen, newest);
        if ((body.items ?? []).length < RECENTLY_PLAYED_LIMIT || !Number.isFinite(newest) || (after !== undefined && newest <= after)) break;
        after = newest;
      }
    } catch (error) {
      if (error instanceof SpotifyRateLimitedError) {
        await startCooldown(em, PROVIDER, error.retryAfterMs);
        retryAfterMs = error.retryAfterMs;
      } else if (error instanceof ProviderNotConnectedError) {
        await markDisconnected(em, fanId);
        return { kind: 'not-connected' };
      } else if (error instanceof ProviderAccessRevokedError) {
        return this.broken(fanId, error.reason ?? REVOKED_REASON);
      } else if (error instanceof ConnectionRefused) {
        return this.broken(fanId, error.reason);
      } else if (error instanceof SpotifyForbiddenError) {
        return this.broken(fanId, FORBIDDEN_REASON);
      } else {
        throw error;
      }
    }

    const { inserted, lastPlayedAt } = await this.store(fanId, items, newestSeen, retryAfterMs === null);
    if (retryAfterMs !== null) return { kind: 'rate-limited', retryAfterMs, fetched: items.length, inserted, lastPlayedAt };
    return { kind: 'ingested', fetched: items.length, inserted, lastPlayedAt };
  }

  /** Catalogue, plays and the new cursor in one transaction; a poll that completed also sets the next one. */
  private async store(fanId: string, items: SpotifyPlayHistory[], newestSeen: number, completed: boolean): Promise<{ inserted: number; lastPlayedAt: Date | null }> {
    const newest = Math.max(newestSeen, items.reduce((max, item) => Math.max(max, playedAtMs(item)), -Infinity));
    const lastPlayedAt = Number.isFinite(newest) ? new Date(newest) : null;
    const plays: IncomingPlay[] = items.map((item) => ({
      fanId,
      playedAt: new Date(item.played_at),
      // recently-played does not say how long the fan listened: the track's length stands for it.
      msPlayed: item.track.duration_ms ?? 0,
      source: 'recently-played',
      providerTrackId: item.track.id,
      trackName: item.track.name,
      artistName: item.track.artists?.[0]?.name ?? 'Unknown artist',
      album: item.track.album?.name ?? null,
    }));
    // The catalogue first (idempotent, its own transaction: the outbox needs the ORM), then the plays
    // and the new cursor together, so the cursor never moves past plays that were not stored. The
    // catalogue lock orders the catalogue's writers (catalogue-lock.ts): no deadlock to retry.
    await writeTrackMetadata(
      this.database,
      items.map((item) => item.track),
      async (tx, catalogue) => {
        if (catalogue.newArtists > 0) recordInOutbox(tx, FetchCatalogue.create({ fanId }));
        await tx.flush();
      },
    );
    // raw SQL: bench:ingest — the poll's writer transaction: COPY needs the native client
    // (writePlaysIn), and the fan's locks and state write run in that transaction with it.
    return nativeTransaction(this.database, async (client) => {
      // The fan's state is locked for the write: a disconnection, a breakage or an account deletion
      // that landed while the provider was answering wins. The status is never set here (only the
      // connect, disconnect and broken paths set it); a fan whose state is gone (account deleted)
      // gets nothing stored.
      // The play writer's locks first, in its order (the catalogue's shared lock, the fan's), then
      // the state row: one order, no deadlock with an import or the catalogue fetch.
      await client.query(`select pg_advisory_xact_lock_shared(${CATALOGUE_LOCK_KEY}), pg_advisory_xact_lock(hashtext('listening-plays:' || $1))`, [fanId]);
      const { rows: locked } = await client.query<{ status: string }>(`select status from listening.fan_listening_state where fan_id = $1 for update`, [fanId]);
      if (locked.length === 0) {
        this.logger.warn(`Poll of fan ${fanId} finished after their listening was forgotten; ${plays.length} play(s) dropped`);
        return { inserted: 0, lastPlayedAt: null };
      }
      const written = await writePlaysIn(client, plays);
      await client.query(
        `update listening.fan_listening_state f set
           next_poll_at = case when $4::boolean and f.status = 'connected' then $2::timestamptz else f.next_poll_at end,
           last_played_at = greatest(f.last_played_at, $3::timestamptz),
           last_polled_at = now(), last_synced_at = case when $4::boolean then now() else f.last_synced_at end,
           updated_at = now()
         where f.fan_id = $1`,
        [fanId, nextPollAt(new Date()), lastPlayedAt, completed],
      );
      return { inserted: written.inserted, lastPlayedAt };
    });
  }

  /** Records the breakage with identity (the fan's settings show it) and here (polling stops, the fan is told). */
  private async broken(fanId: string, reason: string): Promise<IngestOutcome> {
    this.logger.warn(`Spotify connection of fan ${fanId} is broken: ${reason}`);
    await breakConnection(this.database, this.tokens, fanId, reason);
    return { kind: 'broken', reason };
  }
}
