import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DailyListeningQuery, LatestPlaysQuery, ListeningIdParam, PopularTracksQuery, TopItemsQuery } from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type { DailyListeningQuery as DailyListeningParams, LatestPlaysQuery as LatestPlaysParams, PopularTracksQuery as PopularTracksParams, TopItemsQuery as TopItemsParams } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, paged, ZodParam, ZodQuery } from '#pie/platform';
import { SyncFanNow } from '../commands/sync-fan-now/sync-fan-now.command.js';
import { GetDailyListening } from '../queries/get-daily-listening/get-daily-listening.query.js';
import { ListLatestPlays } from '../queries/list-latest-plays/list-latest-plays.query.js';
import { ListPopularTracks } from '../queries/list-popular-tracks/list-popular-tracks.query.js';
import { ListTopTracks } from '../queries/list-top-tracks/list-top-tracks.query.js';

/** `/api/tracks/user/*` (spec §7 fan data): the signed-in fan's plays, and another fan's top tracks if public. */
@Controller('api/tracks/user')
@UseGuards(FanSessionGuard)
export class TracksController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get('latest')
  async latest(@CurrentSubject() fan: SessionPrincipal, @ZodQuery(LatestPlaysQuery) query: LatestPlaysParams) {
    const { items, pagination } = await this.queries.execute(new ListLatestPlays(fan.subjectId, query));
    return paged(items, pagination);
  }

  @Get('popular')
  async popular(@CurrentSubject() fan: SessionPrincipal, @ZodQuery(PopularTracksQuery) query: PopularTracksParams) {
    const { items, pagination } = await this.queries.execute(new ListPopularTracks(fan.subjectId, query));
    return paged(items, pagination);
  }

  @Get('daily')
  async daily(@CurrentSubject() fan: SessionPrincipal, @ZodQuery(DailyListeningQuery) query: DailyListeningParams) {
    return ok(await this.queries.execute(new GetDailyListening(fan.subjectId, query.days)));
  }

  /** A GET in the spec; it changes nothing the fan can lose (plays are deduplicated), so it needs no CSRF token. */
  @Get('fetchLatestFromSpotify')
  async fetchLatest(@CurrentSubject() fan: SessionPrincipal) {
    const result = await this.commands.execute(new SyncFanNow(fan.subjectId));
    const message = result.deferred
      ? `Spotify asked us to slow down; your listening will sync automatically in about ${result.retry_after_seconds} s.`
      : result.inserted > 0
        ? `${result.inserted} new play(s) synced.`
        : 'You are up to date.';
    return ok(result, message);
  }

  @Get(':userId/top')
  async topOf(
    @CurrentSubject() fan: SessionPrincipal,
    @ZodParam('userId', ListeningIdParam) userId: string,
    @ZodQuery(TopItemsQuery) query: TopItemsParams,
  ) {
    return ok(await this.queries.execute(new ListTopTracks(userId, fan.subjectId, query)));
  }
}
