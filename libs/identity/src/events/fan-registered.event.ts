import { defineEvent } from '#pie/platform';

export interface FanRegisteredPayload {
  fanId: string;
  email: string;
  firstName: string;
  promo: string | null;
  /** True when the address came verified (social sign-in): no verification mail then. */
  emailVerified?: boolean;
  /** IANA time zone from the browser at sign-up (absent: UTC). */
  timeZone?: string;
}

/** A fan signed up with e-mail and password (not yet verified). */
export const FanRegistered = defineEvent<FanRegisteredPayload>('identity.fan-registered.v1');
