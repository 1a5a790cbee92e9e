import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ArtistAreaIdParam, ArtistInsightsViewSchema, ClaimPayoutsViewSchema, ClaimTransactionsQuery, GiveBackRequest, GiveBackViewSchema, OfficePageQuery, TransactionViewSchema } from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type { ClaimTransactionsQuery as ClaimTransactionsQueryValue, GiveBackCommandInput, OfficePageQuery as OfficePageQueryValue } from '#pie/contracts';
import { ArtistSessionGuard, CurrentSubject, type SessionPrincipal } from '#pie/identity';
import { ok, paged, pagination, ZodBody, ZodParam, ZodQuery, ZodResponse } from '#pie/platform';
import { GiveBack, ListGiveBacks } from '../commands/give-back/give-back.command.js';
import { GetClaimInsights, ListClaimPayouts, ListClaimTransactions } from '../queries/claim-funds/claim-funds.queries.js';

/** A claimed artist's money (`/api/for-artists/claims/:id/{transactions,payouts,insights}`), for who may see the claim. */
@Controller('api/for-artists/claims')
@UseGuards(ArtistSessionGuard)
export class ClaimFundsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id/transactions')
  @ZodResponse(TransactionViewSchema.array(), { paged: true })
  async transactions(@CurrentSubject() me: SessionPrincipal, @ZodParam('id', ArtistAreaIdParam) claimId: string, @ZodQuery(ClaimTransactionsQuery) query: ClaimTransactionsQueryValue) {
    const found = await this.queries.execute(new ListClaimTransactions(me.subjectId, claimId, query));
    return paged(found.items, pagination(query.page, query.limit, found.total));
  }

  /** → `data` (the office's payouts; one office pays out for all its artists) and `total` (cents paid out). */
  @Get(':id/payouts')
  @ZodResponse(ClaimPayoutsViewSchema)
  async payouts(@CurrentSubject() me: SessionPrincipal, @ZodParam('id', ArtistAreaIdParam) claimId: string) {
    const { items, totalCents } = await this.queries.execute(new ListClaimPayouts(me.subjectId, claimId));
    return { ...ok(items), total: totalCents };
  }

  /**
   * The verified artist's funding insights (issue 31): money received per month, funding fans, the
   * share per listening country, the tracks the paid listening was, the escrow released at claim.
   * Aggregates only; counts of fans under five read "fewer than 5".
   */
  @Get(':id/insights')
  @ZodResponse(ArtistInsightsViewSchema)
  async insights(@CurrentSubject() me: SessionPrincipal, @ZodParam('id', ArtistAreaIdParam) claimId: string) {
    return ok(await this.queries.execute(new GetClaimInsights(me.subjectId, claimId)));
  }
}

/** `/api/for-artists/give-back`: an office's gifts of its earnings to the promotion pool. */
@Controller('api/for-artists/give-back')
@UseGuards(ArtistSessionGuard)
export class GiveBackController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ZodResponse(GiveBackViewSchema.array(), { paged: true })
  async list(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficePageQuery) query: OfficePageQueryValue) {
    const found = await this.queries.execute(new ListGiveBacks(me.subjectId, query.officeId, { page: query.page, limit: query.limit }));
    return paged(found.items, pagination(query.page, query.limit, found.total));
  }

  /** A share (`share`, percent) or an amount (`amount`, dollars) of the office's earnings; office admins only. */
  @Post()
  @HttpCode(200)
  @ZodResponse(GiveBackViewSchema)
  async give(@CurrentSubject() me: SessionPrincipal, @ZodBody(GiveBackRequest) body: GiveBackCommandInput) {
    return ok(await this.commands.execute(new GiveBack(me.subjectId, body.officeId, body.sharePercent, body.amountCents)), 'Thank you: the promotion pool has your gift');
  }
}
