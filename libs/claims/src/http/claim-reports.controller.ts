import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ArtistAreaIdParam, ArtistStandingViewSchema, ClaimReportRequest } from '#pie/contracts';
import type { ClaimReportRequest as ClaimReportBody } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, RateLimit, RateLimitGuard, ZodBody, ZodParam, ZodResponse } from '#pie/platform';
import { ReportClaim } from '../commands/report-claim/report-claim.command.js';
import { GetArtistStanding } from '../queries/get-artist-standing/get-artist-standing.query.js';

/**
 * The fans' side of claims: where an artist stands on Pie (public, for the artist page) and
 * `POST /api/claims/report/:claimedId` (a fan reports a claimed artist's claim; admins review reports).
 */
@Controller('api/claims')
export class ClaimReportsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('artist/:artistId')
  @ZodResponse(ArtistStandingViewSchema)
  async standing(@ZodParam('artistId', ArtistAreaIdParam) artistId: string) {
    return ok(await this.queries.execute(new GetArtistStanding(artistId)));
  }

  @Post('report/:claimedId')
  @HttpCode(201)
  @UseGuards(FanSessionGuard, RateLimitGuard)
  // One report per claim already; this bounds one fan's reports across claims (each reaches admins).
  @RateLimit({ name: 'claim-reports:fan', by: 'subject', limit: 10, windowSeconds: 3600 })
  async report(@CurrentSubject() fan: SessionPrincipal, @ZodParam('claimedId', ArtistAreaIdParam) claimId: string, @ZodBody(ClaimReportRequest) body: ClaimReportBody) {
    return ok(await this.commands.execute(new ReportClaim(fan.subjectId, claimId, body.reason)), 'Thank you. Our team will look at this claim.');
  }
}
