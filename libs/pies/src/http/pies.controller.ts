import { Controller, Get, HttpCode, Inject, Patch, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { BanArtistRequest, PieIdParam, RealtimeStatsPieParam, RealtimeStatsQuery, SetInclusionParam, SetInclusionRequest, UpdatePieRequest } from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type { BanArtistRequest as BanArtistBody, RealtimeStatsQuery as RealtimeStatsParams, SetInclusionRequest as SetInclusionBody } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, RateLimit, RateLimitGuard, ZodBody, ZodQuery, ZodParam } from '#pie/platform';
import { BanArtist } from '../commands/ban-artist/ban-artist.command.js';
import { QueueMissingTracks } from '../commands/queue-missing-tracks/queue-missing-tracks.command.js';
import { SetArtistInclusion } from '../commands/set-artist-inclusion/set-artist-inclusion.command.js';
import { UpdatePieSettings } from '../commands/update-pie-settings/update-pie-settings.command.js';
import { PieReads } from '../queries/pie-reads.js';

interface UpdatePieBody {
  amount?: number;
  artistLimit?: number;
  artistPopularity?: number;
  excludeNonActive?: boolean;
  pieDays?: number;
}

/** `/api/pie/*` (spec §7 Pie rows) for the signed-in fan; every id is checked against the caller (404 otherwise). */
@Controller('api/pie')
@UseGuards(FanSessionGuard)
export class PiesController {
  constructor(
    @Inject(PieReads) private readonly reads: PieReads,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get('active')
  async active(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.reads.active(fan.subjectId));
  }

  @Get('active/:pieId')
  async activeById(@CurrentSubject() fan: SessionPrincipal, @ZodParam('pieId', PieIdParam) pieId: string) {
    return ok(await this.reads.active(fan.subjectId, pieId));
  }

  @Get('user/:userId/pies')
  async piesOf(@CurrentSubject() fan: SessionPrincipal, @ZodParam('userId', PieIdParam) userId: string) {
    return ok(await this.reads.piesOf(fan.subjectId, userId));
  }

  @Post('add-missing-tracks-anytime')
  @HttpCode(202)
  // Each call is a catalogue job against the provider's quota: a few per fan in ten minutes.
  @UseGuards(RateLimitGuard)
  @RateLimit({ name: 'missing-tracks:fan', by: 'subject', limit: 3, windowSeconds: 600 })
  async addMissingTracks(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.commands.execute(new QueueMissingTracks(fan.subjectId)), 'Looking up the missing tracks now; they count toward your pie once found.');
  }

  @Patch('artist/:artistId/ban')
  async ban(@CurrentSubject() fan: SessionPrincipal, @ZodParam('artistId', PieIdParam) artistId: string, @ZodBody(BanArtistRequest) body: BanArtistBody) {
    const result = await this.commands.execute(new BanArtist(fan.subjectId, artistId, body.banned));
    return ok(result, body.banned ? 'Artist banned from all your pies' : 'Artist no longer banned');
  }

  @Patch('artist/:pieArtistId/set-inclusion')
  async setInclusion(
    @CurrentSubject() fan: SessionPrincipal,
    @ZodParam('pieArtistId', SetInclusionParam) pieArtistId: string,
    @ZodBody(SetInclusionRequest) body: SetInclusionBody,
  ) {
    return ok(await this.commands.execute(new SetArtistInclusion(fan.subjectId, pieArtistId, body.included)), 'Saved');
  }

  /** `:pieId` may be `new`: the create modal's estimated split of a pie not created yet. */
  @Get(':pieId/realtime-stats')
  async realtimeStats(@CurrentSubject() fan: SessionPrincipal, @ZodParam('pieId', RealtimeStatsPieParam) pieId: string, @ZodQuery(RealtimeStatsQuery) query: RealtimeStatsParams) {
    return ok(await this.reads.realtimeStats(fan.subjectId, pieId, query));
  }

  @Get(':pieId/daily-listening')
  async dailyListening(@CurrentSubject() fan: SessionPrincipal, @ZodParam('pieId', PieIdParam) pieId: string) {
    return ok(await this.reads.dailyListening(fan.subjectId, pieId));
  }

  @Get(':pieId/orphaned-tracks')
  async orphanedTracks(@CurrentSubject() fan: SessionPrincipal, @ZodParam('pieId', PieIdParam) pieId: string) {
    return ok(await this.reads.orphanedTracks(fan.subjectId, pieId));
  }

  @Patch(':pieId')
  async update(@CurrentSubject() fan: SessionPrincipal, @ZodParam('pieId', PieIdParam) pieId: string, @ZodBody(UpdatePieRequest) body: UpdatePieBody) {
    const { amount, ...rest } = body;
    const pie = await this.commands.execute(new UpdatePieSettings(fan.subjectId, pieId, { ...rest, amountCents: amount }));
    return ok(pie, 'Saved. Your new settings apply from your next pie period.');
  }
}

/** `GET /api/pie/pie/:pieId`: the public pie, no session needed (the web route /pie/:pieId is open). */
@Controller('api/pie/pie')
export class PublicPieController {
  constructor(@Inject(PieReads) private readonly reads: PieReads) {}

  @Get(':pieId')
  async publicPie(@ZodParam('pieId', PieIdParam) pieId: string) {
    return ok(await this.reads.publicPie(pieId));
  }
}
