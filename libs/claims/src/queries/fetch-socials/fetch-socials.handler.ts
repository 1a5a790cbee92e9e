import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SOCIAL_PLATFORMS, type ArtistSocials } from '#pie/contracts';
import { artistFacts } from '#pie/listening';
import { requireMember } from '#pie/offices';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { ArtistPages } from '../../domain/artist-pages.js';
import { artistNotFound } from '../../domain/claims.errors.js';
import { verificationStringFor } from '../../domain/claims-store.js';
import { FetchSocials } from './fetch-socials.query.js';

@QueryHandler(FetchSocials)
export class FetchSocialsHandler implements IQueryHandler<FetchSocials> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ArtistPages) private readonly pages: ArtistPages,
  ) {}

  async execute({ userId, request }: FetchSocials): Promise<ArtistSocials> {
    const em = this.database.em();
    if (request.officeId) await requireMember(em, request.officeId, userId);
    const [artist] = await artistFacts(em, [request.artistId]);
    if (!artist) throw artistNotFound();
    const source = this.pages.linkSource(artist);
    const profile = source ? await this.pages.linksOf(artist).catch(() => null) : null;
    const links = Object.fromEntries(
      SOCIAL_PLATFORMS.map((platform) => [platform, profile?.links[platform] ? this.pages.socialUrl(platform, profile.links[platform]) : null]),
    ) as ArtistSocials['links'];
    return {
      artistId: artist.id,
      spotifyArtistUrl: artist.spotifyId ? this.pages.spotifyArtistUrl(artist.spotifyId) : null,
      linksFrom: source && { kind: source.kind, url: source.url },
      links,
      verificationString: verificationStringFor(this.config.SESSION_SECRET, userId, artist.id),
    };
  }
}
