import { defineEvent } from '#pie/platform';

export interface ArtistRegisteredPayload {
  artistUserId: string;
  email: string;
  firstName: string;
}

/** An artist or office member signed up with e-mail and password (not yet verified). */
export const ArtistRegistered = defineEvent<ArtistRegisteredPayload>('identity.artist-registered.v1');
