import { Controller, Delete, Get, HttpCode, Inject, Patch, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import {
  AdminArtistsQuery,
  AdminClaimsQuery,
  AdminClaimStatusRequest,
  AdminCommunicationRequest,
  AdminCrmStatusRequest,
  AdminEmailDiscoveryRequest,
  AdminFansQuery,
  AdminFinancesQuery,
  AdminIdParam,
  AdminPageQuery,
  AdminRangeQuery,
  AdminSearchPageQuery,
  AdminTransactionsQuery,
  AdminVerifyBioRequest,
  OpenBooksViewSchema,
  RECONCILIATION_TYPES,
  type ReconciliationType,
} from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type {
  AdminArtistsQuery as ArtistsQueryValue,
  AdminClaimsQuery as ClaimsQueryValue,
  AdminClaimStatusRequest as ClaimStatusBody,
  AdminCommunicationRequest as CommunicationBody,
  AdminFansQuery as FansQueryValue,
  AdminFinancesQuery as FinancesQueryValue,
  AdminPageQuery as PageQueryValue,
  AdminRangeQuery as RangeQueryValue,
  AdminSearchPageQuery as SearchPageQueryValue,
  AdminTransactionsQuery as TransactionsQueryValue,
  AdminVerifyBioRequest as VerifyBioBody,
  CrmStatus,
} from '#pie/contracts';
import { AdminSessionGuard, CurrentSubject, type SessionPrincipal } from '#pie/identity';
import { ok, paged, RateLimit, RateLimitGuard, ZodBody, ZodParam, ZodQuery, ZodResponse } from '#pie/platform';

/** Admin work that runs long or reaches outside (Stripe, artists' pages): a few runs per admin at a time, not a loop. */
const LONG_ADMIN_WORK_LIMIT = RateLimit({ name: 'admin-long-work:admin', by: 'subject', limit: 20, windowSeconds: 600 });
import { ListAdminClaims } from '../queries/list-admin-claims/list-admin-claims.query.js';
import { GetAdminClaim } from '../queries/get-admin-claim/get-admin-claim.query.js';
import { ListInvites } from '../queries/list-invites/list-invites.query.js';
import { GetAuditLog } from '../queries/get-audit-log/get-audit-log.query.js';
import { GetDiscoveryProgress } from '../queries/get-discovery-progress/get-discovery-progress.query.js';
import { notFound, unknownReconciliationCheck } from '../domain/admin.errors.js';
import { BackOffice } from '../domain/back-office.js';
import { Reconciliations } from '../domain/reconciliations.js';
import { ChangeClaimStatus } from '../commands/change-claim-status/change-claim-status.command.js';
import { VerifyClaim } from '../commands/verify-claim/verify-claim.command.js';
import { SetCrmStatus } from '../commands/set-crm-status/set-crm-status.command.js';
import { LogCommunication } from '../commands/log-communication/log-communication.command.js';
import { StartEmailDiscovery } from '../commands/start-email-discovery/start-email-discovery.command.js';
import { CleanupEmailDiscoveries } from '../commands/cleanup-email-discoveries/cleanup-email-discoveries.command.js';
import { GenerateInvite } from '../commands/generate-invite/generate-invite.command.js';
import { DeleteInvite } from '../commands/delete-invite/delete-invite.command.js';
import { DisconnectStripe } from '../commands/disconnect-stripe/disconnect-stripe.command.js';
import { ReconnectStripe } from '../commands/reconnect-stripe/reconnect-stripe.command.js';
import { ProcessEscrowPayouts } from '../commands/process-escrow-payouts/process-escrow-payouts.command.js';
import { OpenBooks } from '../domain/open-books.js';

/*
 * Every `/api/admin` route (spec §3, api-endpoints.tsv), behind the admin session: a fan's or an
 * artist's session is a 401 here. Lists answer `{ data, pagination }`; actions are audited.
 */

const AuditQuery = AdminPageQuery.extend({
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(80).optional(),
  action: z.string().trim().max(80).optional(),
});
const GenerateInviteRequest = z.strictObject({ artistId: z.uuid({ error: 'artistId must be a valid id' }) });
const CHECK_PATH = new RegExp(`^run-(${RECONCILIATION_TYPES.join('|')})-check(-minimal)?$`);

@Controller('api/admin/dashboard')
@UseGuards(AdminSessionGuard)
export class AdminDashboardController {
  constructor(@Inject(BackOffice) private readonly office: BackOffice) {}

  @Get('stats')
  async stats() {
    return ok(await this.office.stats());
  }

  /** Database, queues (depth, failed, dead), the worker's heartbeat, the outbox's lag, the last reconciliation. */
  @Get('health')
  async health() {
    return ok(await this.office.health());
  }

  /** startDate, endDate (default the last 30 days) → a daily series per money family. */
  @Get('financial')
  async financial(@ZodQuery(AdminRangeQuery) query: RangeQueryValue) {
    return ok(await this.office.financialSeries(query));
  }
}

@Controller('api/admin/claims')
@UseGuards(AdminSessionGuard)
export class AdminClaimsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('list')
  async list(@ZodQuery(AdminClaimsQuery) query: ClaimsQueryValue) {
    const page = await this.queries.execute(new ListAdminClaims(query));
    return paged(page.items, page.pagination);
  }

  @Get(':id')
  async one(@ZodParam('id', AdminIdParam) claimId: string) {
    return ok(await this.queries.execute(new GetAdminClaim(claimId)));
  }

  @Patch(':id/status')
  async status(@CurrentSubject() admin: SessionPrincipal, @ZodParam('id', AdminIdParam) claimId: string, @ZodBody(AdminClaimStatusRequest) body: ClaimStatusBody) {
    return ok(await this.commands.execute(new ChangeClaimStatus(admin.subjectId, claimId, body.status, body.reason ?? null)), 'Claim status changed');
  }

  /** manualVerification: an admin verifies the claim by hand (audited); the claim becomes successful. */
  @Post(':id/verify-bio')
  @HttpCode(200)
  async verify(@CurrentSubject() admin: SessionPrincipal, @ZodParam('id', AdminIdParam) claimId: string, @ZodBody(AdminVerifyBioRequest) body: VerifyBioBody) {
    return ok(await this.commands.execute(new VerifyClaim(admin.subjectId, claimId, body.note ?? null)), 'Claim verified');
  }
}

@Controller('api/admin')
@UseGuards(AdminSessionGuard)
export class AdminOutreachController {
  constructor(
    @Inject(BackOffice) private readonly office: BackOffice,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('artists')
  async artists(@ZodQuery(AdminArtistsQuery) query: ArtistsQueryValue) {
    const page = await this.office.artists(query);
    return paged(page.items, page.pagination);
  }

  @Get('artists/:id')
  async artist(@ZodParam('id', AdminIdParam) artistId: string) {
    return ok(await this.office.artist(artistId));
  }

  @Get('artists/:id/top-fans')
  async topFans(@ZodParam('id', AdminIdParam) artistId: string) {
    return ok(await this.office.topFans(artistId));
  }

  @Get('artists/:id/contact-info')
  async contactInfo(@ZodParam('id', AdminIdParam) artistId: string) {
    return ok(await this.office.contactInfo(artistId));
  }

  @Put('artists/:id/crm-status')
  async crmStatus(@CurrentSubject() admin: SessionPrincipal, @ZodParam('id', AdminIdParam) artistId: string, @ZodBody(AdminCrmStatusRequest) body: { crmStatus: CrmStatus }) {
    return ok(await this.commands.execute(new SetCrmStatus(admin.subjectId, artistId, body.crmStatus)), 'CRM status saved');
  }

  @Post('artists/:id/communication')
  @HttpCode(201)
  async communication(@CurrentSubject() admin: SessionPrincipal, @ZodParam('id', AdminIdParam) artistId: string, @ZodBody(AdminCommunicationRequest) body: CommunicationBody) {
    return ok(await this.commands.execute(new LogCommunication(admin.subjectId, artistId, body)), 'Contact logged');
  }

  @Post('artists/:id/email-discovery/start')
  @UseGuards(RateLimitGuard)
  @LONG_ADMIN_WORK_LIMIT
  @HttpCode(202)
  async startDiscovery(@CurrentSubject() admin: SessionPrincipal, @ZodParam('id', AdminIdParam) artistId: string, @ZodBody(AdminEmailDiscoveryRequest) body: { forceRediscovery: boolean }) {
    return ok(await this.commands.execute(new StartEmailDiscovery(admin.subjectId, artistId, body.forceRediscovery)), 'Discovery started');
  }

  @Get('artists/:id/email-discovery/progress')
  async discoveryProgress(@ZodParam('id', AdminIdParam) artistId: string) {
    return ok(await this.queries.execute(new GetDiscoveryProgress(artistId)));
  }

  @Post('email-discovery/cleanup')
  @HttpCode(200)
  async cleanupDiscoveries(@CurrentSubject() admin: SessionPrincipal) {
    return ok(await this.commands.execute(new CleanupEmailDiscoveries(admin.subjectId)));
  }

  @Get('artist-invites')
  async invites(@ZodQuery(AdminPageQuery) query: PageQueryValue) {
    const page = await this.queries.execute(new ListInvites(query));
    return paged(page.items, page.pagination);
  }

  /** { artistId } → the invite, with its token shown this once (the link to send the artist). */
  @Post('artist-invites/generate')
  @HttpCode(201)
  async generateInvite(@CurrentSubject() admin: SessionPrincipal, @ZodBody(GenerateInviteRequest) body: { artistId: string }) {
    return ok(await this.commands.execute(new GenerateInvite(admin.subjectId, body.artistId)), 'Invite generated');
  }

  @Delete('artist-invites/:id')
  async deleteInvite(@CurrentSubject() admin: SessionPrincipal, @ZodParam('id', AdminIdParam) inviteId: string) {
    return ok(await this.commands.execute(new DeleteInvite(admin.subjectId, inviteId)), 'Invite deleted');
  }

  @Get('audit-log')
  async audit(@ZodQuery(AuditQuery) query: z.infer<typeof AuditQuery>) {
    const page = await this.queries.execute(new GetAuditLog(query));
    return paged(page.items, page.pagination);
  }
}

@Controller('api/admin')
@UseGuards(AdminSessionGuard)
export class AdminPeopleController {
  constructor(
    @Inject(BackOffice) private readonly office: BackOffice,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get('fans')
  async fans(@ZodQuery(AdminFansQuery) query: FansQueryValue) {
    const page = await this.office.fans(query);
    return paged(page.items, page.pagination);
  }

  @Get('fans/:id')
  async fan(@ZodParam('id', AdminIdParam) fanId: string) {
    return ok(await this.office.fan(fanId));
  }

  @Get('user-artists')
  async artistUsers(@ZodQuery(AdminSearchPageQuery) query: SearchPageQueryValue) {
    const page = await this.office.artistUsers(query);
    return paged(page.items, page.pagination);
  }

  @Get('user-artists/:id')
  async artistUser(@ZodParam('id', AdminIdParam) userId: string) {
    return ok(await this.office.artistUser(userId));
  }

  @Get('offices')
  async offices(@ZodQuery(AdminSearchPageQuery) query: SearchPageQueryValue) {
    const page = await this.office.offices(query);
    return paged(page.items, page.pagination);
  }

  @Get('offices/:id')
  async officeDetails(@ZodParam('id', AdminIdParam) officeId: string) {
    return ok(await this.office.office(officeId));
  }

  /** Stops transfers to the office; its money stays in its earnings. */
  @Delete('offices/:id/stripe-connection')
  async disconnect(@CurrentSubject() admin: SessionPrincipal, @ZodParam('id', AdminIdParam) officeId: string) {
    await this.office.office(officeId);
    return ok(await this.commands.execute(new DisconnectStripe(admin.subjectId, officeId)), 'Stripe disconnected: transfers to this office stop');
  }

  /** Undoes a disconnect: transfers resume once Stripe has the account enabled. */
  @Post('offices/:id/stripe-connection')
  @HttpCode(200)
  async reconnect(@CurrentSubject() admin: SessionPrincipal, @ZodParam('id', AdminIdParam) officeId: string) {
    await this.office.office(officeId);
    return ok(await this.commands.execute(new ReconnectStripe(admin.subjectId, officeId)), 'Stripe reconnected: transfers to this office resume once Stripe has the account enabled');
  }
}

@Controller('api/admin')
@UseGuards(AdminSessionGuard)
export class AdminMoneyController {
  constructor(
    @Inject(BackOffice) private readonly office: BackOffice,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(OpenBooks) private readonly openBooks: OpenBooks,
    @Inject(Reconciliations) private readonly reconciliations: Reconciliations,
  ) {}

  /** The open books as the public sees them, read now, with the journal kinds and account kind behind each figure (the drill-down's filter). */
  @Get('open-books')
  async adminOpenBooks() {
    return ok(await this.openBooks.adminView());
  }

  @Get('finances')
  async finances(@ZodQuery(AdminFinancesQuery) query: FinancesQueryValue) {
    return ok(await this.office.finances(query));
  }

  /** Per artist, the oldest money first. */
  @Get('escrow')
  async escrow(@ZodQuery(AdminPageQuery) query: PageQueryValue) {
    const page = await this.office.escrow(query);
    return paged(page.items, page.pagination);
  }

  /** Releases what can be released and sends due transfers; safe to run twice. */
  @Post('escrow/process-payouts')
  @UseGuards(RateLimitGuard)
  @LONG_ADMIN_WORK_LIMIT
  @HttpCode(200)
  async processPayouts(@CurrentSubject() admin: SessionPrincipal) {
    return ok(await this.commands.execute(new ProcessEscrowPayouts(admin.subjectId)), 'Escrow processed');
  }

  @Get('wallet-transactions')
  async walletTransactions(@ZodQuery(AdminTransactionsQuery) query: TransactionsQueryValue) {
    const page = await this.office.journals({ ...query, kind: query.type ?? query.kind, accountKind: 'fan_wallet' });
    return paged(page.items, page.pagination);
  }

  @Get('wallet-transactions/stats')
  async walletStats(@ZodQuery(AdminRangeQuery) query: RangeQueryValue) {
    return ok(await this.office.walletStats(query));
  }

  @Get('transactions/flow')
  async flow(@ZodQuery(AdminRangeQuery) query: RangeQueryValue) {
    return ok(await this.office.flow(query));
  }

  /** kind, search (a journal id, an idempotency key or a referenced id), startDate, endDate. */
  @Get('transactions/search')
  async search(@ZodQuery(AdminTransactionsQuery) query: TransactionsQueryValue) {
    const page = await this.office.journals(query);
    return paged(page.items, page.pagination);
  }

  @Get('transactions/:id/details')
  async details(@ZodParam('id', AdminIdParam) journalId: string) {
    return ok(await this.office.journal(journalId));
  }

  /** The journals that name this id: a fan's (payments, closes, refunds) or an office's (releases, transfers, payouts). */
  @Get('transactions/user/:userId')
  async ofUser(@ZodParam('userId', AdminIdParam) userId: string, @ZodQuery(AdminPageQuery) query: PageQueryValue) {
    const page = await this.office.journals({ ...query, referenceValue: userId });
    return paged(page.items, page.pagination);
  }

  /** A provider check's run: `running` with its progress, then `done` with the result (or `failed` with why). */
  @Get('financial-reconciliation/runs/:runId')
  async reconciliationRun(@ZodParam('runId', z.string().regex(/^\d{1,18}$/, 'runId must be a run number')) runId: string) {
    const run = await this.reconciliations.run(runId);
    if (!run) throw notFound('reconciliation run');
    return ok(run);
  }

  /**
   * `run-<type>-check` and `run-<type>-check-minimal` for ledger, balances, escrow, wallets, provider, idempotency.
   * The provider check starts a job and answers its run (`status: 'running'`); the others answer their result.
   */
  @Post('financial-reconciliation/:check')
  @UseGuards(RateLimitGuard)
  @LONG_ADMIN_WORK_LIMIT
  @HttpCode(200)
  async reconcile(@CurrentSubject() admin: SessionPrincipal, @ZodParam('check', z.string().regex(CHECK_PATH, `must be run-<type>-check or run-<type>-check-minimal, type one of ${RECONCILIATION_TYPES.join(', ')}`)) check: string) {
    const match = CHECK_PATH.exec(check);
    if (!match) throw unknownReconciliationCheck();
    return ok(await this.reconciliations.runReconciliation({ adminId: admin.subjectId }, match[1] as ReconciliationType, Boolean(match[2])));
  }
}

/** `GET /api/open-books` (issue 31): the platform's money per month, for everyone, no session. */
@Controller('api/open-books')
export class OpenBooksController {
  constructor(@Inject(OpenBooks) private readonly openBooks: OpenBooks) {}

  @Get()
  @ZodResponse(OpenBooksViewSchema)
  async view() {
    return ok(await this.openBooks.publicView());
  }
}

export const ADMIN_CONTROLLERS = [AdminDashboardController, AdminClaimsController, AdminOutreachController, AdminPeopleController, AdminMoneyController, OpenBooksController];
