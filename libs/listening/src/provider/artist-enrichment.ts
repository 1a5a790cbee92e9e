import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#pie/platform';

export interface ArtistEnrichmentFacts {
  country: string | null;
  active: boolean;
}

/**
 * Artist facts the streaming provider does not publish: country (for the earth view) and whether
 * the artist is still active (pies may leave inactive artists out). Locally the sandbox serves
 * them (`/spotify/__sandbox/artists?ids=`, standing in for an enrichment source); in production no
 * source is configured yet, so artists keep country null and active true until one is.
 */
@Injectable()
export class ArtistEnrichment {
  private readonly logger = new Logger(ArtistEnrichment.name);
  private readonly url: string | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const sandbox = config.SOCIAL_PROVIDERS_BASE_URL?.replace(/\/$/, '');
    this.url = sandbox ? `${sandbox}/spotify/__sandbox/artists` : null;
  }

  /** Facts by provider artist id; empty when there is no source or it does not answer. */
  async facts(providerIds: string[]): Promise<Map<string, ArtistEnrichmentFacts>> {
    const facts = new Map<string, ArtistEnrichmentFacts>();
    if (!this.url || providerIds.length === 0) return facts;
    try {
      const response = await fetch(`${this.url}?${new URLSearchParams({ ids: providerIds.join(',') })}`, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      const body = (await response.json()) as { artists?: ({ id: string; country: string | null; active: boolean } | null)[] };
      for (const artist of body.artists ?? []) {
        if (artist?.id) facts.set(artist.id, { country: artist.country ?? null, active: artist.active !== false });
      }
    } catch (error) {
      this.logger.warn(`Artist facts unavailable: ${(error as Error).message}`);
    }
    return facts;
  }
}
