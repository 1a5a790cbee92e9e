import { Inject, Injectable, Module } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { payeeOfficeFor } from '#pie/claims';
import { Database, type EntityManager } from '#pie/platform';
import { connectedAccountOf, connectedAccountsOf, connectedOfficeIds, type ConnectedAccountRow } from './domain/connected-accounts.js';
import { escrowArtistIds } from './domain/escrow-expiry.js';
import { releaseEscrow } from './domain/escrow-release.js';
import { officesAgainstStripe, type OfficeAgainstStripe } from './domain/provider-reconciliation.js';
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
  ) {}

  async processDuePayouts(): Promise<ProcessPayoutsOutcome> {
    const outcome: ProcessPayoutsOutcome = { released: [], transfers: [], failures: [] };
    for (const artistId of await escrowArtistIds(this.database.em())) {
      if (!(await payeeOfficeFor(this.database.em(), artistId))) continue;
      const released = await this.database.transaction((tx) => releaseEscrow(tx, artistId));
      if (released) outcome.released.push({ artistId, officeId: released.officeId, cents: released.releasedCents });
    }
    for (const officeId of await connectedOfficeIds(this.database.em())) {
      try {
        const made = await this.sender.transferDue(officeId);
        if (made) outcome.transfers.push({ officeId, transferId: made.id, cents: made.amount_cents });
      } catch (error) {
        outcome.failures.push({ officeId, message: (error as Error).message });
      }
    }
    return outcome;
  }

  /** The office's Stripe connection as payouts keeps it (null: never connected). */
  connectionOf(em: EntityManager, officeId: string): Promise<ConnectedAccountRow | null> {
    return connectedAccountOf(em, officeId);
  }

  /** The connections of a page of offices, by office id. */
  connectionsOf(em: EntityManager, officeIds: readonly string[]): Promise<Map<string, ConnectedAccountRow>> {
    return connectedAccountsOf(em, officeIds);
  }

  /** Stops transfers to the office (its money stays in its earnings); answers the row before and after, or null when there is no connection. */
  async disconnectOffice(tx: EntityManager, officeId: string): Promise<{ before: ConnectedAccountRow; after: ConnectedAccountRow } | null> {
    const before = await connectedAccountOf(tx, officeId);
    if (!before) return null;
    await tx.execute(`update payouts.connected_accounts set disconnected_at = coalesce(disconnected_at, now()) where office_id = ?`, [officeId]);
    return { before, after: (await connectedAccountOf(tx, officeId))! };
  }

  /** Every connected office's transfers and payouts, the ledger's next to Stripe's. */
  officesAgainstStripe(): Promise<OfficeAgainstStripe[]> {
    return officesAgainstStripe(this.database.em(), this.gateway.stripe);
  }
}

/** Import this module to inject `PayoutsFacade` (the admin module does). */
@Module({ providers: [StripeGateway, TransferSender, PayoutsFacade], exports: [PayoutsFacade] })
export class PayoutsFacadeModule {}
