import { recordInOutbox, type AppConfig, type EntityManager } from '#pie/platform';
import { accountExistsMessage, resetPasswordMessage, SendEmail, verifyEmailMessage } from '#pie/notifications';
import { MAIL_LINKS, type MailedAccountKind } from './accounts.js';
import { issueEmailToken } from './email-tokens.js';

function link(config: AppConfig, path: string): string {
  return new URL(path, config.PUBLIC_URL).toString();
}

/** Issues a verification token and queues its mail, in the caller's transaction. */
export function recordVerificationEmail(em: EntityManager, config: AppConfig, kind: MailedAccountKind, account: { id: string; email: string; firstName?: string | null }): void {
  const token = issueEmailToken(em, MAIL_LINKS[kind].verifyPurpose, account.id);
  const verifyLink = link(config, `${MAIL_LINKS[kind].verifyPath}${token}`);
  recordInOutbox(em, SendEmail.create(verifyEmailMessage({ to: account.email, firstName: account.firstName ?? 'there', link: verifyLink })));
}

export function recordPasswordResetEmail(em: EntityManager, config: AppConfig, kind: MailedAccountKind, account: { id: string; email: string; firstName?: string | null }): void {
  const token = issueEmailToken(em, MAIL_LINKS[kind].resetPurpose, account.id);
  recordInOutbox(
    em,
    SendEmail.create(resetPasswordMessage({ to: account.email, firstName: account.firstName ?? null, link: link(config, `${MAIL_LINKS[kind].resetPath}${token}`) })),
  );
}

/** The sign-up form answered "check your e-mail"; the mailbox owner learns the account already exists. */
export function recordAccountExistsEmail(em: EntityManager, config: AppConfig, kind: MailedAccountKind, account: { id: string; email: string; firstName?: string | null }): void {
  const token = issueEmailToken(em, MAIL_LINKS[kind].resetPurpose, account.id);
  recordInOutbox(
    em,
    SendEmail.create(
      accountExistsMessage({
        to: account.email,
        firstName: account.firstName ?? null,
        loginLink: link(config, MAIL_LINKS[kind].loginPath),
        resetLink: link(config, `${MAIL_LINKS[kind].resetPath}${token}`),
      }),
    ),
  );
}
