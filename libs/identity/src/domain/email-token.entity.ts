import { defineEntity, p } from '@mikro-orm/core';

export const EMAIL_TOKEN_PURPOSES = [
  'fan-verify-email',
  'fan-reset-password',
  'artist-verify-email',
  'artist-reset-password',
  'artist-complete-registration',
] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** A single-use token sent by e-mail; only its hash is stored. */
export const EmailTokenSchema = defineEntity({
  name: 'EmailToken',
  tableName: 'email_tokens',
  schema: 'identity',
  properties: {
    tokenHash: p.string().primary(),
    purpose: p.string().$type<EmailTokenPurpose>(),
    subjectId: p.uuid(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class EmailToken extends EmailTokenSchema.class {
  isExpired(now: Date): boolean {
    return this.expiresAt.getTime() <= now.getTime();
  }

  use(now: Date): void {
    this.usedAt = now;
  }
}
EmailTokenSchema.setClass(EmailToken);
