import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProviderAccessRevokedError, ProviderNotConnectedError, ProviderRefreshRefusedError, ProviderTokens, ProviderTokensUnreadableError } from '#pie/identity';
import { Database, HandlesJob, QueueRegistry, textArray, type EntityManager, type JobHandler } from '#pie/platform';
import { lockCatalogue } from '../../domain/catalogue-lock.js';
import { updateArtistMetadata, upsertTrackMetadata } from '../../domain/catalogue-writer.js';
import { breakConnection } from '../../domain/fan-connection.js';
import { REVOKED_REASON, UNAUTHORIZED_REASON } from '../../domain/fan-ingestion.js';
import { CATALOGUE_BATCH, CATALOGUE_BATCHES_PER_JOB, CATALOGUE_MAX_ATTEMPTS, PROVIDER } from '../../domain/listening.constants.js';
import { cooldownRemainingMs, startCooldown } from '../../domain/provider-cooldown.js';
import { ArtistEnrichment } from '../../provider/artist-enrichment.js';
import { SpotifyRateLimitedError, SpotifyUnauthorizedError, SpotifyWebApi, type SpotifyArtist, type SpotifyTrack } from '../../provider/spotify-web-api.js';
import { FetchCatalogue, type FetchCataloguePayload } from './fetch-catalogue.job.js';
import { sql } from 'kysely';
import { listeningDb } from '../../db/listening-db.js';

/** A connected fan whose access the lookups borrow (the calls need a user token; any fan's gives the same answers). */
interface Lender {
  fanId: string;
  token: string;
  /** Refreshed after a 401 already: a second 401 means the connection is broken. */
  refreshed: boolean;
}

/** Every fan the job could borrow access from was refused: the job ends, and the next connection or upload queues it again. */
class NoLender extends Error {}

/**
 * Fills the catalogue in the background: tracks known by id only (an export, or metadata not yet
 * asked for) and artists without images and genres, 50 ids per call. Until then their plays are
 * "orphaned". Entries the provider keeps not returning are left after a few tries. A job does a
 * bounded amount of work and hands the rest to a fresh job, so one backlog never holds a worker.
 *
 * A 401 refreshes the lender's token once and asks again; a second 401, or a refresh the
 * provider refuses, marks that fan's connection broken (one log line; the fan sees "Reconnect
 * Spotify" and is e-mailed once) and the job goes on with another connected fan's access, or ends
 * without failing: a refused token is not retried by the queue 40 times.
 */
@Injectable()
@HandlesJob(FetchCatalogue)
export class FetchCatalogueHandler implements JobHandler<FetchCataloguePayload> {
  private readonly logger = new Logger(FetchCatalogueHandler.name);

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ProviderTokens) private readonly tokens: ProviderTokens,
    @Inject(SpotifyWebApi) private readonly spotify: SpotifyWebApi,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(ArtistEnrichment) private readonly enrichment: ArtistEnrichment,
  ) {}

  async handle(payload: FetchCataloguePayload): Promise<void> {
    const em = this.database.em();
    const wait = await cooldownRemainingMs(em, PROVIDER);
    if (wait > 0) return this.again(payload, wait);
    const tried = new Set<string>();
    try {
      const lender = await this.lender(payload.fanId, tried);
      for (let batch = 0; batch < CATALOGUE_BATCHES_PER_JOB; batch++) {
        const tracks = await this.fetchTracks(lender, tried);
        const artists = await this.fetchArtists(lender, tried);
        if (tracks + artists === 0) return;
      }
    } catch (error) {
      if (error instanceof NoLender) {
        this.logger.warn('No connected fan to look up the catalogue with; missing metadata waits for the next connection');
        return;
      }
      if (!(error instanceof SpotifyRateLimitedError)) throw error;
      await startCooldown(em, PROVIDER, error.retryAfterMs);
      return this.again(payload, error.retryAfterMs);
    }
    await this.again(payload, 0);
  }

  private async fetchTracks(lender: Lender, tried: Set<string>): Promise<number> {
    const ids = await this.missing('tracks');
    if (ids.length === 0) return 0;
    const found = (await this.call(lender, tried, (token) => this.spotify.tracks(token, ids))).filter((track): track is SpotifyTrack => Boolean(track?.id));
    await this.database.transaction(async (tx) => {
      // Exclusive: it rewrites what stored plays use (see catalogue-lock.ts).
      await lockCatalogue(tx, 'exclusive');
      await upsertTrackMetadata(tx, found);
      await this.countMisses(tx, 'tracks', ids);
    });
    return ids.length;
  }

  private async fetchArtists(lender: Lender, tried: Set<string>): Promise<number> {
    const ids = await this.missing('artists');
    if (ids.length === 0) return 0;
    const found = (await this.call(lender, tried, (token) => this.spotify.artists(token, ids))).filter((artist): artist is SpotifyArtist => Boolean(artist?.id));
    const facts = await this.enrichment.facts(found.map((artist) => artist.id));
    for (const artist of found) Object.assign(artist, facts.get(artist.id) ?? {});
    await this.database.transaction(async (tx) => {
      await lockCatalogue(tx, 'exclusive');
      await updateArtistMetadata(tx, found);
      await this.countMisses(tx, 'artists', ids);
    });
    return ids.length;
  }

  /** One provider call with the lender's access: on a 401, a refresh and one more try, else the next fan's access. */
  private async call<T>(lender: Lender, tried: Set<string>, request: (token: string) => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await request(lender.token);
      } catch (error) {
        if (!(error instanceof SpotifyUnauthorizedError)) throw error;
        if (!lender.refreshed) {
          if (await this.refresh(lender)) continue;
        } else {
          // Refused with a token the provider itself just issued: the connection is broken.
          await this.broken(lender.fanId, UNAUTHORIZED_REASON);
        }
        Object.assign(lender, await this.lender(undefined, tried));
      }
    }
  }

  /** A forced refresh of the lender's token; false when there is none to be had (a refused refresh marks the connection broken). */
  private async refresh(lender: Lender): Promise<boolean> {
    lender.refreshed = true;
    try {
      lender.token = await this.tokens.accessTokenFor(lender.fanId, PROVIDER, { force: true });
      return true;
    } catch (error) {
      if (!(error instanceof ProviderAccessRevokedError || error instanceof ProviderNotConnectedError)) throw error;
      await this.brokenIfRefused(lender.fanId, error);
      return false;
    }
  }

  private async missing(kind: 'tracks' | 'artists'): Promise<string[]> {
    const rows = await listeningDb(this.database.em())
      .selectFrom(`listening.${kind}`)
      .select('provider_id')
      .where('metadata_fetched_at', 'is', null)
      .where('provider_id', 'is not', null)
      .where('fetch_attempts', '<', CATALOGUE_MAX_ATTEMPTS)
      .orderBy('created_at')
      .limit(CATALOGUE_BATCH)
      .execute();
    return rows.map((row) => row.provider_id!);
  }

  /** Ids asked for that are still without metadata count one failed try. */
  private async countMisses(tx: EntityManager, kind: 'tracks' | 'artists', ids: string[]): Promise<void> {
    await listeningDb(tx)
      .updateTable(`listening.${kind}`)
      .set({ fetch_attempts: sql`fetch_attempts + 1` })
      .where(sql<boolean>`provider_id = any(${textArray(ids)}::text[])`)
      .where('metadata_fetched_at', 'is', null)
      .execute();
  }

  /** The fan's access if it works, else another connected fan's (catalogue lookups are the same for everyone); NoLender when none is left. */
  private async lender(fanId: string | undefined, tried: Set<string>): Promise<Lender> {
    const candidates = await listeningDb(this.database.em())
      .selectFrom('listening.fan_listening_state')
      .select('fan_id')
      .where('status', '=', 'connected')
      .orderBy('last_synced_at', (ob) => ob.desc().nullsLast())
      .limit(3)
      .execute();
    for (const candidate of [...(fanId ? [fanId] : []), ...candidates.map((row) => row.fan_id)]) {
      if (tried.has(candidate)) continue;
      tried.add(candidate);
      try {
        return { fanId: candidate, token: await this.tokens.accessTokenFor(candidate, PROVIDER), refreshed: false };
      } catch (error) {
        // That fan's access does not work: try the next (a refused refresh is a broken connection, said so).
        await this.brokenIfRefused(candidate, error);
      }
    }
    throw new NoLender();
  }

  /** The provider refused to renew the fan's access, or the stored tokens are unreadable: broken. (Already broken, or disconnected: nothing to add.) */
  private async brokenIfRefused(fanId: string, error: unknown): Promise<void> {
    if (error instanceof ProviderRefreshRefusedError || error instanceof ProviderTokensUnreadableError) await this.broken(fanId, error.reason ?? REVOKED_REASON);
  }

  private async broken(fanId: string, reason: string): Promise<void> {
    this.logger.warn(`Spotify connection of fan ${fanId} is broken (catalogue lookup): ${reason}`);
    await breakConnection(this.database, this.tokens, fanId, reason);
  }

  private async again(payload: FetchCataloguePayload, delayMs: number): Promise<void> {
    const at = Math.ceil((Date.now() + delayMs) / 1000);
    await this.queues.get(FetchCatalogue.queue).add(FetchCatalogue.name, FetchCatalogue.create(payload), { jobId: `fetch-catalogue-${at}`, delay: delayMs });
  }
}
