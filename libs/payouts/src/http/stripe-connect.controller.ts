import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ConnectedAccountBalanceViewSchema, MonthlyFeeCheckViewSchema, OfficeBalanceViewSchema, OfficeIdQuery, OfficeIdRequest, TotalPayoutViewSchema } from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type { OfficeIdQuery as OfficeIdQueryValue, OfficeIdRequest as OfficeIdBody } from '#pie/contracts';
import { ArtistSessionGuard, CurrentSubject, type SessionPrincipal } from '#pie/identity';
import { ok, ZodBody, ZodQuery, ZodResponse } from '#pie/platform';
import { CompleteOnboarding } from '../commands/complete-onboarding/complete-onboarding.command.js';
import { CreateLoginLink } from '../commands/create-login-link/create-login-link.command.js';
import { CheckMonthlyFee } from '../queries/check-monthly-fee/check-monthly-fee.query.js';
import { GetConnectedAccountBalance, GetTotalPayout } from '../queries/get-connected-account-figures/get-connected-account-figures.query.js';
import { GetOfficeBalance } from '../queries/get-office-balance/get-office-balance.query.js';

/**
 * An office's Stripe Connect account (`/api/for-artists/stripe/*`, spec §7): onboarding and the
 * Express dashboard for office admins; status, fee check and balance for its members. Another
 * office's id is a 404.
 */
@Controller('api/for-artists/stripe')
@UseGuards(ArtistSessionGuard)
export class StripeConnectController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post('completeOnboarding')
  @HttpCode(200)
  async completeOnboarding(@CurrentSubject() me: SessionPrincipal, @ZodBody(OfficeIdRequest) body: OfficeIdBody) {
    return ok(await this.commands.execute(new CompleteOnboarding(me.subjectId, body.officeId)));
  }

  /** A GET because the spec says so; it makes a one-off link and is never cached. */
  @Get('createLoginLink')
  async createLoginLink(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficeIdQuery) query: OfficeIdQueryValue) {
    return ok(await this.commands.execute(new CreateLoginLink(me.subjectId, query.officeId)));
  }

  @Get('check-monthly-fee')
  @ZodResponse(MonthlyFeeCheckViewSchema)
  async checkMonthlyFee(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficeIdQuery) query: OfficeIdQueryValue) {
    return ok(await this.queries.execute(new CheckMonthlyFee(me.subjectId, query.officeId)));
  }

  @Get('balance')
  @ZodResponse(OfficeBalanceViewSchema)
  async balance(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficeIdQuery) query: OfficeIdQueryValue) {
    return ok(await this.queries.execute(new GetOfficeBalance(me.subjectId, query.officeId)));
  }

  @Get('connected-account-balance')
  @ZodResponse(ConnectedAccountBalanceViewSchema)
  async connectedAccountBalance(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficeIdQuery) query: OfficeIdQueryValue) {
    return ok(await this.queries.execute(new GetConnectedAccountBalance(me.subjectId, query.officeId)));
  }

  @Get('total-payout')
  @ZodResponse(TotalPayoutViewSchema)
  async totalPayout(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficeIdQuery) query: OfficeIdQueryValue) {
    return ok(await this.queries.execute(new GetTotalPayout(me.subjectId, query.officeId)));
  }
}
