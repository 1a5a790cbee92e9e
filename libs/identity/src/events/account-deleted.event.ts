import { defineEvent } from '#pie/platform';

export interface AccountDeletedPayload {
  kind: 'fan' | 'artist';
  subjectId: string;
}

/** A fan or artist deleted their account: other modules drop what they keep about the person. */
export const AccountDeleted = defineEvent<AccountDeletedPayload>('identity.account-deleted.v1');
