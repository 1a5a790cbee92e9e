import { defineEvent } from '#pie/platform';

export interface AccountDeletedPayload {
  kind: 'fan' | 'artist';
  subjectId: string;
  /**
   * Where to tell a fan what happened to their money (billing's last e-mail): the address as it was
   * before the account was anonymised. Absent for artists and in events recorded before it existed.
   */
  farewellContact?: { email: string; firstName: string } | null;
}

/** A fan or artist deleted their account: other modules drop what they keep about the person. */
export const AccountDeleted = defineEvent<AccountDeletedPayload>('identity.account-deleted.v1');
