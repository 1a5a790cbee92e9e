import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Database, HandlesJob, type AppConfig, type JobHandler } from '#pie/platform';
import { escrowArtistIds, expireEscrowOf } from '../../domain/escrow-expiry.js';
import { ExpireEscrow } from './expire-escrow.job.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The daily escrow check: every unclaimed artist's escrow older than ESCROW_EXPIRY_DAYS goes back
 * to the fans who gave it, one artist per transaction. Running it again finds nothing more to
 * return. What each fan is told is billing's to decide (the ledger announces each wallet credit):
 * the money waits for their next pie, or goes back to their card if the pie is over — one e-mail.
 */
@Injectable()
@HandlesJob(ExpireEscrow)
export class ExpireEscrowHandler implements JobHandler<Record<string, never>> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(): Promise<void> {
    const cutoff = new Date(Date.now() - this.config.ESCROW_EXPIRY_DAYS * DAY_MS);
    for (const artistId of await escrowArtistIds(this.database.em())) {
      await this.database.transaction((tx) => expireEscrowOf(tx, artistId, cutoff));
    }
  }
}
