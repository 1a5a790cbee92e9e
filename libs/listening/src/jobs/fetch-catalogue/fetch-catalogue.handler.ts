import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProviderTokens } from '#pie/identity';
import { Database, HandlesJob, QueueRegistry, textArray, type EntityManager, type JobHandler } from '#pie/platform';
import { updateArtistMetadata, upsertTrackMetadata } from '../../domain/catalogue-writer.js';
import { CATALOGUE_BATCH, CATALOGUE_BATCHES_PER_JOB, CATALOGUE_MAX_ATTEMPTS, PROVIDER } from '../../domain/listening.constants.js';
import { cooldownRemainingMs, startCooldown } from '../../domain/provider-cooldown.js';
import { ArtistEnrichment } from '../../provider/artist-enrichment.js';
import { SpotifyRateLimitedError, SpotifyWebApi, type SpotifyArtist, type SpotifyTrack } from '../../provider/spotify-web-api.js';
import { FetchCatalogue, type FetchCataloguePayload } from './fetch-catalogue.job.js';

/**
 * Fills the catalogue in the background: tracks known by id only (an export, or metadata not yet
 * asked for) and artists without images and genres, 50 ids per call. Until then their plays are
 * "orphaned". Entries the provider keeps not returning are left after a few tries. A job does a
 * bounded amount of work and hands the rest to a fresh job, so one backlog never holds a worker.
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
    const token = await this.anyToken(payload.fanId);
    if (!token) {
      this.logger.warn('No connected fan to look up the catalogue with; missing metadata waits for the next connection');
      return;
    }
    try {
      for (let batch = 0; batch < CATALOGUE_BATCHES_PER_JOB; batch++) {
        const tracks = await this.fetchTracks(token);
        const artists = await this.fetchArtists(token);
        if (tracks + artists === 0) return;
      }
    } catch (error) {
      if (!(error instanceof SpotifyRateLimitedError)) throw error;
      await startCooldown(em, PROVIDER, error.retryAfterMs);
      return this.again(payload, error.retryAfterMs);
    }
    await this.again(payload, 0);
  }

  private async fetchTracks(token: string): Promise<number> {
    const ids = await this.missing('tracks');
    if (ids.length === 0) return 0;
    const found = (await this.spotify.tracks(token, ids)).filter((track): track is SpotifyTrack => Boolean(track?.id));
    await this.database.transaction(async (tx) => {
      await upsertTrackMetadata(tx, found);
      await this.countMisses(tx, 'tracks', ids);
    });
    return ids.length;
  }

  private async fetchArtists(token: string): Promise<number> {
    const ids = await this.missing('artists');
    if (ids.length === 0) return 0;
    const found = (await this.spotify.artists(token, ids)).filter((artist): artist is SpotifyArtist => Boolean(artist?.id));
    const facts = await this.enrichment.facts(found.map((artist) => artist.id));
    for (const artist of found) Object.assign(artist, facts.get(artist.id) ?? {});
    await this.database.transaction(async (tx) => {
      await updateArtistMetadata(tx, found);
      await this.countMisses(tx, 'artists', ids);
    });
    return ids.length;
  }

  private async missing(kind: 'tracks' | 'artists'): Promise<string[]> {
    const rows = await this.database.em().execute<{ provider_id: string }[]>(
      `select provider_id from listening.${kind}
        where metadata_fetched_at is null and provider_id is not null and fetch_attempts < ?
        order by created_at limit ?`,
      [CATALOGUE_MAX_ATTEMPTS, CATALOGUE_BATCH],
    );
    return rows.map((row) => row.provider_id);
  }

  /** Ids asked for that are still without metadata count one failed try. */
  private async countMisses(tx: EntityManager, kind: 'tracks' | 'artists', ids: string[]): Promise<void> {
    await tx.execute(
      `update listening.${kind} set fetch_attempts = fetch_attempts + 1 where provider_id = any(?::text[]) and metadata_fetched_at is null`,
      [textArray(ids)],
    );
  }

  /** The fan's token if it works, else any connected fan's: catalogue lookups are the same for everyone. */
  private async anyToken(fanId: string | undefined): Promise<string | null> {
    const candidates = await this.database.em().execute<{ fan_id: string }[]>(
      `select fan_id from listening.fan_listening_state where status = 'connected' order by last_synced_at desc nulls last limit 3`,
    );
    for (const candidate of [...(fanId ? [fanId] : []), ...candidates.map((row) => row.fan_id)]) {
      try {
        return await this.tokens.accessTokenFor(candidate, PROVIDER);
      } catch {
        // that fan's connection does not work: try the next
      }
    }
    return null;
  }

  private async again(payload: FetchCataloguePayload, delayMs: number): Promise<void> {
    const at = Math.ceil((Date.now() + delayMs) / 1000);
    await this.queues.get(FetchCatalogue.queue).add(FetchCatalogue.name, FetchCatalogue.create(payload), { jobId: `fetch-catalogue-${at}`, delay: delayMs });
  }
}
