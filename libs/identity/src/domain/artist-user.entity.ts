import { defineEntity, p } from '@mikro-orm/core';
import { isArtistProfileComplete, type ArtistUser as ArtistUserView, type LinkedAccount } from '#pie/contracts';

/** An artist or office member who signs in to the /for-artists area. */
export const ArtistUserSchema = defineEntity({
  name: 'ArtistUser',
  tableName: 'artist_users',
  schema: 'identity',
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    firstName: p.string().nullable(),
    lastName: p.string().nullable(),
    phoneNumber: p.string().nullable(),
    country: p.string().nullable(),
    passwordHash: p.string().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    invitedAt: p.datetime().nullable(),
    registrationCompletedAt: p.datetime().nullable(),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class ArtistUser extends ArtistUserSchema.class {
  hasVerifiedEmail(): boolean {
    return Boolean(this.emailVerifiedAt);
  }

  /**
   * An account an office invitation created before invitations stopped making accounts (issue 27):
   * no password, never set up. Its owner may register into it.
   */
  isUnclaimedInvitationPlaceholder(): boolean {
    return Boolean(this.invitedAt) && !this.passwordHash && !this.registrationCompletedAt;
  }

  register(details: { firstName: string; lastName: string; passwordHash: string }, now: Date): void {
    this.firstName = details.firstName;
    this.lastName = details.lastName;
    this.passwordHash = details.passwordHash;
    this.registrationCompletedAt = now;
  }

  markEmailVerified(now: Date): void {
    this.emailVerifiedAt ??= now;
  }

  /** Keeps the row (offices and payouts reference the id) but nothing that identifies the person. */
  anonymise(now: Date): void {
    this.email = `deleted-${this.id}@deleted.pie.invalid`;
    this.firstName = null;
    this.lastName = null;
    this.phoneNumber = null;
    this.country = null;
    this.passwordHash = null;
    this.deletedAt = now;
  }

  toUser(linkedAccounts: LinkedAccount[] = []): ArtistUserView {
    const view = {
      _id: this.id,
      email: this.email,
      first_name: this.firstName ?? null,
      last_name: this.lastName ?? null,
      phone_number: this.phoneNumber ?? null,
      country: this.country ?? null,
    };
    return {
      ...view,
      office: [],
      email_verified: this.hasVerifiedEmail(),
      profile_complete: isArtistProfileComplete(view),
      linked_accounts: linkedAccounts,
      created_at: this.createdAt.toISOString(),
    };
  }
}
ArtistUserSchema.setClass(ArtistUser);
