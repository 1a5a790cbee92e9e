import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ConnectedAccountBalanceViewSchema,
  MonthlyFeeCheckViewSchema,
  OfficeBalanceViewSchema,
  OfficeIdQuery,
  OfficeIdRequest,
  OfficePageQuery,
  OfficeTransactionsQuery,
  OfficeWalletBalanceViewSchema,
  PayoutDetailsQuery,
  PayoutViewSchema,
  TotalPayoutViewSchema,
  TransactionDetailsQuery,
  TransactionDetailViewSchema,
  TransactionViewSchema,
  TransferViewSchema,
} from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type {
  OfficeIdQuery as OfficeIdQueryValue,
  OfficeIdRequest as OfficeIdBody,
  OfficePageQuery as OfficePageQueryValue,
  OfficeTransactionsQuery as OfficeTransactionsQueryValue,
  PayoutDetailsQuery as PayoutDetailsQueryValue,
  TransactionDetailsQuery as TransactionDetailsQueryValue,
} from '#pie/contracts';
import { ArtistSessionGuard, CurrentSubject, type SessionPrincipal } from '#pie/identity';
import { ok, paged, pagination, ZodBody, ZodQuery, ZodResponse } from '#pie/platform';
import { CreatePayout } from '../commands/create-payout/create-payout.command.js';
import { CompleteOnboarding } from '../commands/complete-onboarding/complete-onboarding.command.js';
import { CreateLoginLink } from '../commands/create-login-link/create-login-link.command.js';
import { CheckMonthlyFee } from '../queries/check-monthly-fee/check-monthly-fee.query.js';
import { GetConnectedAccountBalance, GetTotalPayout } from '../queries/get-connected-account-figures/get-connected-account-figures.query.js';
import { GetOfficeBalance } from '../queries/get-office-balance/get-office-balance.query.js';
import {
  GetOfficeTransaction,
  GetPayoutDetails,
  GetWalletBalance,
  ListOfficeTransactions,
  ListPayouts,
  ListTransfersWithoutPayouts,
} from '../queries/office-funds/office-funds.queries.js';

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

  @Get('wallet-balance')
  @ZodResponse(OfficeWalletBalanceViewSchema)
  async walletBalance(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficeIdQuery) query: OfficeIdQueryValue) {
    return ok(await this.queries.execute(new GetWalletBalance(me.subjectId, query.officeId)));
  }

  @Get('payouts')
  @ZodResponse(PayoutViewSchema.array(), { paged: true })
  async payouts(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficePageQuery) query: OfficePageQueryValue) {
    const { page, limit } = query;
    const found = await this.queries.execute(new ListPayouts(me.subjectId, query.officeId, { page, limit }));
    return paged(found.items, pagination(page, limit, found.total));
  }

  @Get('payout-details')
  @ZodResponse(PayoutViewSchema)
  async payoutDetails(@CurrentSubject() me: SessionPrincipal, @ZodQuery(PayoutDetailsQuery) query: PayoutDetailsQueryValue) {
    return ok(await this.queries.execute(new GetPayoutDetails(me.subjectId, query.officeId, query.payoutId)));
  }

  /** Pays out the whole available balance of the office's Stripe account; only one at a time per office. */
  @Post('create-payout')
  @HttpCode(200)
  @ZodResponse(PayoutViewSchema)
  async createPayout(@CurrentSubject() me: SessionPrincipal, @ZodBody(OfficeIdRequest) body: OfficeIdBody) {
    return ok(await this.commands.execute(new CreatePayout(me.subjectId, body.officeId)), 'Payout created');
  }

  @Get('transfers-without-payouts')
  @ZodResponse(TransferViewSchema.array(), { paged: true })
  async transfersWithoutPayouts(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficePageQuery) query: OfficePageQueryValue) {
    const { page, limit } = query;
    const found = await this.queries.execute(new ListTransfersWithoutPayouts(me.subjectId, query.officeId, { page, limit }));
    return paged(found.items, pagination(page, limit, found.total));
  }

  @Get('transactions')
  @ZodResponse(TransactionViewSchema.array(), { paged: true })
  async transactions(@CurrentSubject() me: SessionPrincipal, @ZodQuery(OfficeTransactionsQuery) query: OfficeTransactionsQueryValue) {
    const { page, limit, filter } = query;
    const found = await this.queries.execute(new ListOfficeTransactions(me.subjectId, query.officeId, { page, limit, filter }));
    return paged(found.items, pagination(page, limit, found.total));
  }

  @Get('transaction-details')
  @ZodResponse(TransactionDetailViewSchema)
  async transactionDetails(@CurrentSubject() me: SessionPrincipal, @ZodQuery(TransactionDetailsQuery) query: TransactionDetailsQueryValue) {
    return ok(await this.queries.execute(new GetOfficeTransaction(me.subjectId, query.officeId, query.transactionId)));
  }
}
