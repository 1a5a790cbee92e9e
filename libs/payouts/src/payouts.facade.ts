import { Inject, Injectable, Module } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { payeeOfficeFor } from '#pie/claims';
import { APP_CONFIG, Database, type AppConfig, type EntityManager } from '#pie/platform';
import { ConnectedAccountSync } from './domain/connected-account-sync.js';
import { connectedAccountOf, connectedAccountsOf, connectedOfficeIds, connectionChangesOf, disconnectAccount, reconnectAccount, type ConnectedAccount } from './domain/connected-accounts.js';
import { escrowArtistIds } from './domain/escrow-expiry.js';
import { mailStripeDisconnected } from './domain/office-mails.js';
import { releaseEscrow, resumeOffice } from './domain/escrow-release.js';
import { officesAgainstStripe, type OfficeAgainstStripe } from './domain/provider-reconciliation.js';
import { cents } from './domain/payout-rows.js';
import { TransferSender } from './domain/transfer-sender.js';

export interface ProcessPayoutsOutcome {
  /** Artists whose escrow went to their office now. */
  released: { artistId: string; officeId: string; cents: number }[];
  /** Transfers sent (or finished) now. */
  transfers: { officeId: string; transferId: string; cents: number }[];
  /** Offices whose transfer could not be made now (Stripe unreachable…): tried again by the daily sweep. */
  failures: { officeId: string; message: string }[];
}

/**
 * How the caller audits each item of `processDuePayouts` (issue 27): a release is audited in the
 * release's own transaction (no release without its row); a transfer, which Stripe makes outside any
 * transaction of ours, is audited before it is asked for and again with its result.
 */
export interface PayoutsAudit {
  released(tx: EntityManager, release: { artistId: string; officeId: string; cents: number }): Promise<void>;
  transferring(tx: EntityManager, officeId: string): Promise<void>;
  transferred(tx: EntityManager, officeId: string, result: { transferId: string; cents: number } | null | { error: string }): Promise<void>;
}

/**
 * What the admin back office asks of payouts (it reads this facade, never payouts' tables):
 * release what can be released and send due transfers (safe to run twice: releases and transfers
 * are idempotent under their locks), disconnect an office's Stripe account, and compare the
 * ledger with Stripe's records.
 */
@Injectable()
export class PayoutsFacade {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(TransferSender) private readonly sender: TransferSender,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(ConnectedAccountSync) private readonly sync: ConnectedAccountSync,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async processDuePayouts(audit: PayoutsAudit): Promise<ProcessPayoutsOutcome> {
    const outcome: ProcessPayoutsOutcome = { released: [], transfers: [], failures: [] };
    for (const artistId of await escrowArtistIds(this.database.em())) {
      if (!(await payeeOfficeFor(this.database.em(), artistId))) continue;
      const released = await this.database.transaction(async (tx) => {
        const done = await releaseEscrow(tx, artistId);
        if (done) await audit.released(tx, { artistId, officeId: done.officeId, cents: done.releasedCents });
        return done;
      });
      if (released) outcome.released.push({ artistId, officeId: released.officeId, cents: released.releasedCents });
    }
    for (const officeId of await connectedOfficeIds(this.database.em())) {
      await this.database.transaction((tx) => audit.transferring(tx, officeId));
      try {
        const made = await this.sender.transferDue(officeId);
        const sent = made ? { transferId: made.id, cents: cents(made.amount_cents) } : null;
        if (sent) outcome.transfers.push({ officeId, ...sent });
        await this.database.transaction((tx) => audit.transferred(tx, officeId, sent));
      } catch (error) {
        outcome.failures.push({ officeId, message: (error as Error).message });
        await this.database.transaction((tx) => audit.transferred(tx, officeId, { error: (error as Error).message }));
      }
    }
    return outcome;
  }

  /** The office's Stripe connection as payouts keeps it (null: never connected). */
  connectionOf(em: EntityManager, officeId: string): Promise<ConnectedAccount | null> {
    return connectedAccountOf(em, officeId);
  }

  /** The connections of a page of offices, by office id. */
  connectionsOf(em: EntityManager, officeIds: readonly string[]): Promise<Map<string, ConnectedAccount>> {
    return connectedAccountsOf(em, officeIds);
  }

  /**
   * An admin's command: stops transfers to the office (its money stays in its earnings) and tells
   * its admins what to do, in payouts' own transaction (the connection change names the admin);
   * answers the row before and after, or null when there is no connection. Disconnecting a
   * disconnected office changes nothing and mails nobody.
   */
  disconnectOffice(officeId: string, adminId: string): Promise<{ before: ConnectedAccount; after: ConnectedAccount } | null> {
    return this.database.transaction(async (tx) => {
      const change = await disconnectAccount(tx, officeId, { kind: 'admin', userId: adminId });
      if (change && !change.before.disconnectedAt) await mailStripeDisconnected(tx, this.config.PUBLIC_URL, officeId, 'admin');
      return change;
    });
  }

  /** An admin's command: undoes a disconnect in payouts' own transaction (then `resumeOffice`); null when there is no connection. */
  reconnectOffice(officeId: string, adminId: string): Promise<{ before: ConnectedAccount; after: ConnectedAccount } | null> {
    return this.database.transaction((tx) => reconnectAccount(tx, officeId, { kind: 'admin', userId: adminId }));
  }

  /** After a reconnect: re-reads the account from Stripe and, once enabled, releases the office's escrow (which queues its transfer). */
  async resumeOffice(officeId: string): Promise<ConnectedAccount | null> {
    return resumeOffice(this.database, this.sync, officeId);
  }

  /** Who disconnected and reconnected the office, newest first. */
  connectionChangesOf(em: EntityManager, officeId: string) {
    return connectionChangesOf(em, officeId);
  }

  /** Every connected office's transfers, reversals, payouts, fees and balance, the ledger's next to Stripe's. */
  officesAgainstStripe(progress?: (done: number, total: number) => Promise<void> | void): Promise<OfficeAgainstStripe[]> {
    return officesAgainstStripe(this.database.em(), this.gateway.stripe, progress);
  }
}

/** Import this module to inject `PayoutsFacade` (the admin module does). */
@Module({ providers: [StripeGateway, TransferSender, ConnectedAccountSync, PayoutsFacade], exports: [PayoutsFacade] })
export class PayoutsFacadeModule {}
