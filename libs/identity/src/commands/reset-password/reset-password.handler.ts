import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database, recordInOutbox, type EntityManager } from '#pie/platform';
import { findAccountById, MAIL_LINKS } from '../../domain/accounts.js';
import { consumeEmailToken, voidEmailTokens } from '../../domain/email-tokens.js';
import { identityDb } from '../../db/identity-db.js';
import { Fan } from '../../domain/fan.entity.js';
import { invalidEmailLink } from '../../domain/identity.errors.js';
import { hashPassword } from '../../domain/secrets.js';
import { revokeAllSessions } from '../../domain/sessions.js';
import { ProviderDisconnected } from '../../events/provider-disconnected.event.js';
import { ResetPassword } from './reset-password.command.js';

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ kind, token, password }: ResetPassword): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.database.transaction(async (em) => {
      const purpose = MAIL_LINKS[kind].resetPurpose;
      const used = await consumeEmailToken(em, purpose, token);
      const account = (await findAccountById(em, kind, used.subjectId)) as
        | { id: string; passwordHash?: string | null; markEmailVerified(now: Date): void }
        | null;
      if (!account) throw invalidEmailLink();
      account.passwordHash = passwordHash;
      // Following the link proved the mailbox is theirs.
      account.markEmailVerified(new Date());
      if (account instanceof Fan && account.createdVia) await unlinkIdentitiesOwnerDidNotMake(em, account);
      await em.flush();
      // Every other reset link of this account dies with this one: an older mail cannot set the password again.
      await voidEmailTokens(em, account.id, purpose);
      await revokeAllSessions(em, kind, account.id);
    });
  }
}

/**
 * The account was created by a social sign-in, and now the mailbox owner sets its password: the
 * identities linked so far were not linked by them (the one that created the account may belong to
 * whoever typed their address), so they go. A provider that vouches for the address joins again at
 * the owner's next sign-in with it.
 */
async function unlinkIdentitiesOwnerDidNotMake(em: EntityManager, fan: Fan): Promise<void> {
  const removed = await identityDb(em).deleteFrom('identity.social_identities').where('subject_kind', '=', 'fan').where('subject_id', '=', fan.id).returning('provider').execute();
  for (const { provider } of removed) recordInOutbox(em, ProviderDisconnected.create({ fanId: fan.id, provider }));
  fan.createdVia = null;
}
