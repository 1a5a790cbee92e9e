import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ArtistFansQuery,
  ArtistTopTracksQuery,
  ListArtistsQuery,
  ListeningIdParam,
  ListFanArtistsQuery,
  RecentArtistsQuery,
  TopItemsQuery,
} from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type { ArtistFansQuery as ArtistFansParams, ArtistTopTracksQuery as ArtistTopTracksParams, ListArtistsQuery as ListArtistsParams, ListFanArtistsQuery as ListFanArtistsParams, RecentArtistsQuery as RecentArtistsParams, TopItemsQuery as TopItemsParams } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, paged, RateLimit, RateLimitGuard, ZodParam, ZodQuery } from '#pie/platform';
import { GetArtistDetails } from '../queries/get-artist-details/get-artist-details.query.js';
import { GetArtistTopTracks } from '../queries/get-artist-top-tracks/get-artist-top-tracks.query.js';
import { GetFanArtistDetails } from '../queries/get-fan-artist-details/get-fan-artist-details.query.js';
import { ListArtistFans } from '../queries/list-artist-fans/list-artist-fans.query.js';
import { ListArtists } from '../queries/list-artists/list-artists.query.js';
import { ListFanArtists } from '../queries/list-fan-artists/list-fan-artists.query.js';
import { ListRecentArtists } from '../queries/list-recent-artists/list-recent-artists.query.js';
import { ListTopArtists } from '../queries/list-top-artists/list-top-artists.query.js';

/** The public artist page (`/artist/:id`) reads these without a session; limited per address. */
const PUBLIC_ARTIST_LIMIT = RateLimit({ name: 'artists-public:ip', by: 'ip', limit: 300, windowSeconds: 60 });

/**
 * `/api/artists/*` (spec §7 fan data). A fan's own lists need the fan session; another fan's
 * lists follow the visibility rule; an artist's details, top tracks and fans are public.
 */
@Controller('api/artists')
export class ArtistsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @UseGuards(FanSessionGuard)
  async list(@ZodQuery(ListArtistsQuery) query: ListArtistsParams) {
    const { items, pagination } = await this.queries.execute(new ListArtists(query));
    return paged(items, pagination);
  }

  @Get('user')
  @UseGuards(FanSessionGuard)
  async mine(@CurrentSubject() fan: SessionPrincipal, @ZodQuery(ListFanArtistsQuery) query: ListFanArtistsParams) {
    const { items, pagination } = await this.queries.execute(new ListFanArtists(fan.subjectId, query));
    return paged(items, pagination);
  }

  @Get('recent-listened')
  @UseGuards(FanSessionGuard)
  async myRecent(@CurrentSubject() fan: SessionPrincipal, @ZodQuery(RecentArtistsQuery) query: RecentArtistsParams) {
    return ok(await this.queries.execute(new ListRecentArtists(fan.subjectId, fan.subjectId, query.limit)));
  }

  @Get('recent-listened/:userId')
  @UseGuards(FanSessionGuard)
  async recentOf(
    @CurrentSubject() fan: SessionPrincipal,
    @ZodParam('userId', ListeningIdParam) userId: string,
    @ZodQuery(RecentArtistsQuery) query: RecentArtistsParams,
  ) {
    return ok(await this.queries.execute(new ListRecentArtists(userId, fan.subjectId, query.limit)));
  }

  @Get('user/:userId/top')
  @UseGuards(FanSessionGuard)
  async topOf(
    @CurrentSubject() fan: SessionPrincipal,
    @ZodParam('userId', ListeningIdParam) userId: string,
    @ZodQuery(TopItemsQuery) query: TopItemsParams,
  ) {
    return ok(await this.queries.execute(new ListTopArtists(userId, fan.subjectId, query)));
  }

  @Get('details/user/:artistId')
  @UseGuards(FanSessionGuard)
  async mineOfArtist(@CurrentSubject() fan: SessionPrincipal, @ZodParam('artistId', ListeningIdParam) artistId: string) {
    return ok(await this.queries.execute(new GetFanArtistDetails(fan.subjectId, artistId)));
  }

  @Get('details/:artistId')
  @UseGuards(RateLimitGuard)
  @PUBLIC_ARTIST_LIMIT
  async details(@ZodParam('artistId', ListeningIdParam) artistId: string) {
    return ok(await this.queries.execute(new GetArtistDetails(artistId)));
  }

  @Get(':artistId/fans')
  @UseGuards(RateLimitGuard)
  @PUBLIC_ARTIST_LIMIT
  async fans(@ZodParam('artistId', ListeningIdParam) artistId: string, @ZodQuery(ArtistFansQuery) query: ArtistFansParams) {
    const { page, pagination } = await this.queries.execute(new ListArtistFans(artistId, query));
    return paged(page, pagination);
  }

  @Get(':artistId/top-tracks')
  @UseGuards(RateLimitGuard)
  @PUBLIC_ARTIST_LIMIT
  async topTracks(@ZodParam('artistId', ListeningIdParam) artistId: string, @ZodQuery(ArtistTopTracksQuery) query: ArtistTopTracksParams) {
    return ok(await this.queries.execute(new GetArtistTopTracks(artistId, query)));
  }
}
