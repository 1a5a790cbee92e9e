import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, recordInOutbox, type AppConfig } from '#pie/platform';
import { ArtistUser } from '../../domain/artist-user.entity.js';
import { Fan } from '../../domain/fan.entity.js';
import { notSignedIn } from '../../domain/identity.errors.js';
import { deleteEmailTokensOf } from '../../domain/email-tokens.js';
import { identityDb } from '../../db/identity-db.js';
import { PromotionFingerprinter, rememberPromotionUser } from '../../domain/promotions.js';
import { revokeAllSessions } from '../../domain/sessions.js';
import { endOAuthStatesOf } from '../../social/oauth-states.js';
import { AccountDeleted } from '../../events/account-deleted.event.js';
import { DeleteAccount } from './delete-account.command.js';

@CommandHandler(DeleteAccount)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccount> {
  private readonly fingerprinter: PromotionFingerprinter;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.fingerprinter = new PromotionFingerprinter(config.PROMOTION_HASH_SECRET);
  }

  async execute({ kind, subjectId }: DeleteAccount): Promise<void> {
    await this.database.transaction(async (em) => {
      const account = kind === 'fan' ? await em.findOne(Fan, { id: subjectId }) : await em.findOne(ArtistUser, { id: subjectId });
      if (!account || account.deletedAt) throw notSignedIn();
      const now = new Date();
      // Billing writes once more after this, to say what happened to the fan's money.
      // One free pie per person for good: a fan who had it leaves the keyed fingerprints of their
      // address and provider accounts (nothing else), read before they are anonymised and unlinked.
      if (kind === 'fan') await rememberPromotionUser(em, this.fingerprinter, subjectId);
      const farewellContact = kind === 'fan' && account instanceof Fan ? { email: account.email, firstName: account.firstName } : null;
      account.anonymise(now);
      // Provider tokens and pending links are personal data too.
      await identityDb(em).deleteFrom('identity.social_identities').where('subject_kind', '=', kind).where('subject_id', '=', subjectId).execute();
      await deleteEmailTokensOf(em, subjectId);
      // A link started before deleting must not finish after it (it would attach a provider to a deleted account).
      await endOAuthStatesOf(em, subjectId);
      recordInOutbox(em, AccountDeleted.create({ kind, subjectId, farewellContact }));
      await em.flush();
      await revokeAllSessions(em, kind, subjectId);
    });
  }
}
