import { Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ArtistAreaIdParam, ClaimReportRequest } from '#pie/contracts';
import type { ClaimReportRequest as ClaimReportBody } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, ZodBody, ZodParam } from '#pie/platform';
import { ReportClaim } from '../commands/report-claim/report-claim.command.js';

/** `POST /api/claims/report/:claimedId`: a fan reports a claimed artist's claim; admins review reports. */
@Controller('api/claims')
export class ClaimReportsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('report/:claimedId')
  @HttpCode(201)
  @UseGuards(FanSessionGuard)
  async report(@CurrentSubject() fan: SessionPrincipal, @ZodParam('claimedId', ArtistAreaIdParam) claimId: string, @ZodBody(ClaimReportRequest) body: ClaimReportBody) {
    return ok(await this.commands.execute(new ReportClaim(fan.subjectId, claimId, body.reason)), 'Thank you. Our team will look at this claim.');
  }
}
