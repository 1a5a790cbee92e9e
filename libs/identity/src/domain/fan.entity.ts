import { defineEntity, p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { FanUser, LinkedAccount } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';

export interface NewFan {
  email: string;
  firstName: string;
  lastName: string;
  /** Null for an account made through a social sign-in. */
  passwordHash: string | null;
  /** A provider that vouches for the address verifies it at once. */
  emailVerified: boolean;
  signupPromo: string | null;
  /** IANA time zone from the browser at sign-up; UTC when unknown. */
  timeZone?: string;
  /** The social provider whose sign-in created the account; null for a sign-up with a password. */
  createdVia?: string | null;
}

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
    /** The provider whose sign-in created the account; cleared once the mailbox owner sets a password by e-mail link. */
    createdVia: p.string().nullable().default(null),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class Fan extends FanSchema.class {
  /** A new fan account, persisted in the caller's unit of work (they have accepted the terms by signing up). */
  static register(em: EntityManager, details: NewFan, now = new Date()): Fan {
    const fan = em.create(Fan, {
      id: randomUUID(),
      email: details.email.toLowerCase(),
      firstName: details.firstName,
      lastName: details.lastName,
      passwordHash: details.passwordHash,
      emailVerifiedAt: details.emailVerified ? now : null,
      acceptedTermsAt: now,
      signupPromo: details.signupPromo,
      timeZone: details.timeZone ?? 'UTC',
      createdVia: details.createdVia ?? null,
      stripeCustomerId: null,
      deletedAt: null,
    });
    em.persist(fan);
    return fan;
  }

  hasVerifiedEmail(): boolean {
    return this.emailVerifiedAt !== null && this.emailVerifiedAt !== undefined;
  }

  markEmailVerified(now: Date): void {
    this.emailVerifiedAt ??= now;
  }

  /** The name settings show and greetings use (already trimmed and checked by the request's contract). */
  rename(firstName: string, lastName: string): void {
    this.firstName = firstName;
    this.lastName = lastName;
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
