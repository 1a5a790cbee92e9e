import { Inject, Injectable } from '@nestjs/common';
import type { AdminCommunicationRequest, ClaimStatus, CrmStatus, ReconciliationResult, ReconciliationType } from '#pie/contracts';
import { adminChangeClaimStatus, adminDeleteInvite, adminGenerateInvite, adminVerifyClaim } from '#pie/claims';
import { catalogueArtist } from '#pie/listening';
import { PayoutsFacade } from '#pie/payouts';
import { Database, DomainError, recordInOutbox } from '#pie/platform';
import { DiscoverArtistEmail } from '../jobs/discover-artist-email/discover-artist-email.job.js';
import { recordAudit } from './audit-log.js';
import { notFound } from './back-office.js';
import { cleanupDiscoveries, discoveryOf, startDiscovery } from './email-discovery.js';
import { addCommunication, setCrmStatus } from './outreach.js';
import { StripeRecords } from './provider-records.js';
import { finishRun, recordRun, reportProgress, runCheck, runOf, startRun } from './reconciliation.js';
import { RunProviderCheck } from '../jobs/run-provider-check/run-provider-check.job.js';

/**
 * Every admin action, each in one transaction with its audit-log row (who, what, when, before and
 * after), through the owning module's facade.
 */
@Injectable()
export class BackOfficeActions {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(PayoutsFacade) private readonly payouts: PayoutsFacade,
    @Inject(StripeRecords) private readonly stripeRecords: StripeRecords,
  ) {}

  changeClaimStatus(adminId: string, claimId: string, status: ClaimStatus, reason: string | null) {
    return this.database.transaction(async (tx) => {
      const { before, after } = await adminChangeClaimStatus(tx, claimId, status, adminId, reason);
      await recordAudit(tx, { adminId, action: 'claim.status-changed', targetType: 'claim', targetId: claimId, before: { status: before.status }, after: { status: after.status, reason } });
      return after;
    });
  }

  verifyClaim(adminId: string, claimId: string, note: string | null) {
    return this.database.transaction(async (tx) => {
      const { before, after } = await adminVerifyClaim(tx, claimId, adminId, note);
      await recordAudit(tx, { adminId, action: 'claim.verified-manually', targetType: 'claim', targetId: claimId, before: { status: before.status }, after: { status: after.status, note } });
      return after;
    });
  }

  private async artistOrThrow(artistId: string) {
    const artist = await catalogueArtist(this.database.em(), artistId);
    if (!artist) throw notFound('artist');
    return artist;
  }

  async setCrmStatus(adminId: string, artistId: string, status: CrmStatus) {
    await this.artistOrThrow(artistId);
    return this.database.transaction(async (tx) => {
      const change = await setCrmStatus(tx, artistId, status);
      await recordAudit(tx, { adminId, action: 'artist.crm-status-changed', targetType: 'artist', targetId: artistId, before: { crmStatus: change.before }, after: { crmStatus: change.after } });
      return { artistId, crmStatus: change.after };
    });
  }

  async addCommunication(adminId: string, artistId: string, body: AdminCommunicationRequest) {
    await this.artistOrThrow(artistId);
    return this.database.transaction(async (tx) => {
      const contactedAt = body.contactedAt ? new Date(body.contactedAt) : new Date();
      const made = await addCommunication(tx, { artistId, adminId, channel: body.channel, note: body.note, contactedAt });
      await recordAudit(tx, { adminId, action: 'artist.communication-logged', targetType: 'artist', targetId: artistId, before: null, after: { id: made.id, channel: body.channel, note: body.note, contactedAt: contactedAt.toISOString() } });
      return { id: made.id, channel: body.channel, note: body.note, contactedAt: contactedAt.toISOString() };
    });
  }

  async startEmailDiscovery(adminId: string, artistId: string, force: boolean) {
    await this.artistOrThrow(artistId);
    return this.database.transaction(async (tx) => {
      const before = await discoveryOf(tx, artistId);
      const queued = await startDiscovery(tx, artistId, adminId, force);
      if (!queued && (before.status === 'queued' || before.status === 'running')) {
        throw new DomainError('admin.discovery-running', 'conflict', 'A discovery for this artist is already under way: follow its progress.');
      }
      if (queued) recordInOutbox(tx, DiscoverArtistEmail.create({ artistId }));
      await recordAudit(tx, { adminId, action: 'artist.email-discovery-started', targetType: 'artist', targetId: artistId, before: { status: before.status, email: before.email }, after: { queued, forceRediscovery: force } });
      return discoveryOf(tx, artistId);
    });
  }

  cleanupEmailDiscoveries(adminId: string) {
    return this.database.transaction(async (tx) => {
      const removed = await cleanupDiscoveries(tx);
      await recordAudit(tx, { adminId, action: 'email-discovery.cleaned-up', targetType: 'email-discovery', targetId: '*', before: null, after: { removed } });
      return { removed };
    });
  }

  async generateInvite(adminId: string, artistId: string) {
    const artist = await this.artistOrThrow(artistId);
    return this.database.transaction(async (tx) => {
      const invite = await adminGenerateInvite(tx, artistId);
      await recordAudit(tx, { adminId, action: 'artist-invite.generated', targetType: 'artist-invite', targetId: invite.id, before: null, after: { artistId, expiresAt: invite.expiresAt.toISOString() } });
      return { id: invite.id, artistId, artistName: artist.name, token: invite.token, expiresAt: invite.expiresAt.toISOString() };
    });
  }

  deleteInvite(adminId: string, inviteId: string) {
    return this.database.transaction(async (tx) => {
      const deleted = await adminDeleteInvite(tx, inviteId);
      await recordAudit(tx, { adminId, action: 'artist-invite.deleted', targetType: 'artist-invite', targetId: inviteId, before: deleted, after: null });
      return { id: inviteId, deleted: true };
    });
  }

  disconnectStripe(adminId: string, officeId: string) {
    return this.database.transaction(async (tx) => {
      const change = await this.payouts.disconnectOffice(tx, officeId, adminId);
      if (!change) throw new DomainError('payouts.not-connected', 'not-found', 'This office has no Stripe connection.');
      const view = (row: typeof change.before) => ({ stripeAccountId: row.stripeAccountId, status: row.status, disconnectedAt: row.disconnectedAt ? new Date(row.disconnectedAt).toISOString() : null });
      await recordAudit(tx, { adminId, action: 'office.stripe-disconnected', targetType: 'office', targetId: officeId, before: view(change.before), after: view(change.after) });
      return view(change.after);
    });
  }

  /** Undoes a disconnect (audited); transfers resume once Stripe has the account enabled. */
  async reconnectStripe(adminId: string, officeId: string) {
    const view = await this.database.transaction(async (tx) => {
      const change = await this.payouts.reconnectOffice(tx, officeId, adminId);
      if (!change) throw new DomainError('payouts.not-connected', 'not-found', 'This office has no Stripe connection.');
      const view = (row: typeof change.before) => ({ stripeAccountId: row.stripeAccountId, status: row.status, disconnectedAt: row.disconnectedAt ? new Date(row.disconnectedAt).toISOString() : null });
      await recordAudit(tx, { adminId, action: 'office.stripe-reconnected', targetType: 'office', targetId: officeId, before: view(change.before), after: view(change.after) });
      return view(change.after);
    });
    const account = await this.payouts.resumeOffice(officeId);
    return { ...view, status: account?.status ?? view.status };
  }

  /**
   * Acts on many items: each release is audited in its own transaction, each transfer before it is
   * asked of Stripe and with its result, so a failure part-way leaves nothing done unaudited.
   */
  async processEscrowPayouts(adminId: string) {
    const outcome = await this.payouts.processDuePayouts({
      released: (tx, release) =>
        recordAudit(tx, { adminId, action: 'escrow.released', targetType: 'artist', targetId: release.artistId, before: null, after: { officeId: release.officeId, cents: release.cents } }),
      transferring: (tx, officeId) => recordAudit(tx, { adminId, action: 'escrow.transfer-requested', targetType: 'office', targetId: officeId, before: null, after: null }),
      transferred: (tx, officeId, result) => recordAudit(tx, { adminId, action: 'escrow.transfer-finished', targetType: 'office', targetId: officeId, before: null, after: result }),
    });
    await this.database.transaction((tx) => recordAudit(tx, { adminId, action: 'escrow.payouts-processed', targetType: 'escrow', targetId: '*', before: null, after: outcome }));
    return outcome;
  }

  async runReconciliation(runBy: { adminId: string } | 'nightly', type: ReconciliationType, minimal: boolean): Promise<ReconciliationResult> {
    // An admin's provider check reads all of Stripe: it runs as a job, the answer names the run.
    if (type === 'provider' && runBy !== 'nightly') return this.startProviderCheck(runBy.adminId);
    const result = await runCheck(this.database.em(), type, this.stripeRecords);
    await this.database.transaction(async (tx) => {
      await recordRun(tx, result, runBy === 'nightly' ? 'nightly' : runBy.adminId);
      if (runBy !== 'nightly') {
        await recordAudit(tx, { adminId: runBy.adminId, action: 'reconciliation.run', targetType: 'reconciliation', targetId: type, before: null, after: { ok: result.ok, violations: result.violations } });
      }
    });
    return minimal ? { type: result.type, ok: result.ok, checkedAt: result.checkedAt, violations: result.violations } : result;
  }

  /** Records a `running` provider run and its job in one transaction (with the audit row); answers the run. */
  private async startProviderCheck(adminId: string): Promise<ReconciliationResult> {
    const runId = await this.database.transaction(async (tx) => {
      const id = await startRun(tx, 'provider', adminId);
      recordInOutbox(tx, RunProviderCheck.create({ runId: id }));
      await recordAudit(tx, { adminId, action: 'reconciliation.run', targetType: 'reconciliation', targetId: 'provider', before: null, after: { runId: id, status: 'running' } });
      await tx.flush();
      return id;
    });
    return (await runOf(this.database.em(), runId))!;
  }

  /** The job's work: the provider check with its progress on the run row, then its result there. */
  async completeProviderCheck(runId: string): Promise<void> {
    const em = this.database.em();
    const result = await runCheck(em, 'provider', this.stripeRecords, (message) => reportProgress(em, runId, message));
    await finishRun(em, runId, result);
  }

  run(runId: string): Promise<ReconciliationResult | null> {
    return runOf(this.database.em(), runId);
  }
}
