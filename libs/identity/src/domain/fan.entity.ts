import { defineEntity, p } from '@mikro-orm/core';
import type { FanUser, LinkedAccount } from '#pie/contracts';

export const FanSchema = defineEntity({
  name: 'Fan',
  tableName: 'fans',
  schema: 'identity',
  properties: {
    id: p.uuid().primary(),
    /** Stored lower-cased; unique. */
    email: p.string(),
    firstName: p.string(),
    lastName: p.string(),
    passwordHash: p.string().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    acceptedTermsAt: p.datetime(),
    signupPromo: p.string().nullable(),
    promoEligible: p.boolean().default(false),
    usedPromotionCode: p.boolean().default(false),
    stripeCustomerId: p.string().nullable(),
    /** IANA time zone from the browser at sign-up (UTC when unknown): the fan's days in listening figures. */
    timeZone: p.string().default('UTC'),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class Fan extends FanSchema.class {
  hasVerifiedEmail(): boolean {
    return this.emailVerifiedAt !== null && this.emailVerifiedAt !== undefined;
  }

  markEmailVerified(now: Date): void {
    this.emailVerifiedAt ??= now;
  }

  /** Keeps the row (payments and the ledger reference the id) but nothing that identifies the person. */
  anonymise(now: Date): void {
    this.email = `deleted-${this.id}@deleted.pie.invalid`;
    this.firstName = 'Deleted';
    this.lastName = 'Fan';
    this.passwordHash = null;
    this.deletedAt = now;
  }

  /** The fan as the API shows them (spec §3 field names). */
  toUser(linkedAccounts: LinkedAccount[] = []): FanUser {
    return {
      _id: this.id,
      linked_accounts: linkedAccounts,
      has_password: Boolean(this.passwordHash),
      email: this.email,
      first_name: this.firstName,
      last_name: this.lastName,
      email_verified: this.hasVerifiedEmail(),
      promo_eligible: this.promoEligible,
      used_promotion_code: this.usedPromotionCode,
      stripe_customer_id: this.stripeCustomerId ?? null,
      time_zone: this.timeZone,
      created_at: this.createdAt.toISOString(),
    };
  }
}
FanSchema.setClass(Fan);
