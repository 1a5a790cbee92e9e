import { Inject, Injectable } from '@nestjs/common';
import { formatCents } from '#pie/contracts';
import { FanContacts } from '#pie/identity';
import { SendEmail } from '#pie/notifications';
import { APP_CONFIG, Database, HandlesJob, recordInOutbox, type AppConfig, type JobHandler } from '#pie/platform';
import { escrowArtistIds, expireEscrowOf } from '../../domain/escrow-expiry.js';
import { escrowReturnedMessage } from '../../domain/escrow-returned-email.js';
import { ExpireEscrow } from './expire-escrow.job.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The daily escrow check: every unclaimed artist's escrow older than ESCROW_EXPIRY_DAYS goes back
 * to the fans who gave it, one artist per transaction, with an e-mail to each fan in the same
 * transaction (through the outbox). Running it again finds nothing more to return.
 */
@Injectable()
@HandlesJob(ExpireEscrow)
export class ExpireEscrowHandler implements JobHandler<Record<string, never>> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FanContacts) private readonly contacts: FanContacts,
  ) {}

  async handle(): Promise<void> {
    const cutoff = new Date(Date.now() - this.config.ESCROW_EXPIRY_DAYS * DAY_MS);
    for (const artistId of await escrowArtistIds(this.database.em())) {
      await this.database.transaction(async (tx) => {
        for (const made of await expireEscrowOf(tx, artistId, cutoff)) {
          const contact = await this.contacts.contactOf(made.fanId, tx);
          if (!contact) continue;
          const pieLink = new URL('/pie', this.config.PUBLIC_URL).toString();
          recordInOutbox(tx, SendEmail.create(escrowReturnedMessage({ to: contact.email, firstName: contact.firstName, amount: formatCents(made.amountCents), days: this.config.ESCROW_EXPIRY_DAYS, pieLink })));
        }
      });
    }
  }
}
