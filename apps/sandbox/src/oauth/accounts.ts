import { z } from 'zod';
import type { AccountsByProvider, FacebookAccount, GoogleAccount, ProviderName, SpotifyAccount, XAccount } from './types.js';

/*
 * Seeded test accounts: deterministic, so tests and people can refer to them by id or e-mail.
 * Each provider's store starts with a copy; `POST /<provider>/__admin/accounts` adds more at runtime.
 */

export const SPOTIFY_ACCOUNTS: readonly SpotifyAccount[] = [
  { id: 'listener1', displayName: 'Listener One', email: 'listener1@spotify.sandbox', country: 'US', product: 'premium', followers: 12, imageUrl: null, explicitContentFilter: false },
  { id: 'listener2', displayName: 'Listener Two', email: 'listener2@spotify.sandbox', country: 'GB', product: 'free', followers: 3, imageUrl: null, explicitContentFilter: false },
  { id: 'listener3', displayName: 'Listener Three', email: 'listener3@spotify.sandbox', country: 'DE', product: 'premium', followers: 0, imageUrl: null, explicitContentFilter: true },
];

export const GOOGLE_ACCOUNTS: readonly GoogleAccount[] = [
  { id: '100000000000000000001', email: 'fan1@google.sandbox', emailVerified: true, givenName: 'Fan', familyName: 'One', picture: null, locale: 'en' },
  { id: '100000000000000000002', email: 'artist1@google.sandbox', emailVerified: true, givenName: 'Artist', familyName: 'One', picture: null, locale: 'en' },
  { id: '100000000000000000003', email: 'admin1@google.sandbox', emailVerified: true, givenName: 'Admin', familyName: 'One', picture: null, locale: 'en' },
  { id: '100000000000000000004', email: 'unverified1@google.sandbox', emailVerified: false, givenName: 'Unverified', familyName: 'One', picture: null, locale: 'en' },
];

export const X_ACCOUNTS: readonly XAccount[] = [
  { id: '1500000000000000001', name: 'Fan One', username: 'pie_fan_one', confirmedEmail: 'fan1@x.sandbox' },
  { id: '1500000000000000002', name: 'Fan Two', username: 'pie_fan_two', confirmedEmail: 'fan2@x.sandbox' },
  // No confirmed e-mail: X then leaves `confirmed_email` out even when it was asked for.
  { id: '1500000000000000003', name: 'No Email', username: 'pie_no_email', confirmedEmail: null },
];

export const FACEBOOK_ACCOUNTS: readonly FacebookAccount[] = [
  { id: '10000000000000001', firstName: 'Fan', lastName: 'One', email: 'fan1@facebook.sandbox' },
  { id: '10000000000000002', firstName: 'Fan', lastName: 'Two', email: 'fan2@facebook.sandbox' },
  { id: '10000000000000003', firstName: 'Fan', lastName: 'Three', email: 'fan3@facebook.sandbox' },
  // Registered by phone: Facebook returns no `email` field.
  { id: '10000000000000004', firstName: 'Phone', lastName: 'Only', email: null },
];

/** All seeded accounts by provider; the stores copy them, so these never change at runtime. */
export const SEEDED_ACCOUNTS: { readonly [P in ProviderName]: readonly AccountsByProvider[P][] } = {
  spotify: SPOTIFY_ACCOUNTS,
  google: GOOGLE_ACCOUNTS,
  x: X_ACCOUNTS,
  facebook: FACEBOOK_ACCOUNTS,
};

const id = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'ids are 1-64 letters, digits, _ . or -');
const name = z.string().trim().min(1).max(100);

/** Bodies of `POST /<provider>/__admin/accounts`; fields with a default may be left out. */
export const ACCOUNT_SCHEMAS = {
  spotify: z.object({
    id,
    displayName: name,
    email: z.email(),
    country: z.string().regex(/^[A-Z]{2}$/).default('US'),
    product: z.enum(['premium', 'free', 'open']).default('premium'),
    followers: z.number().int().min(0).default(0),
    imageUrl: z.url().nullable().default(null),
    explicitContentFilter: z.boolean().default(false),
  }),
  google: z.object({
    id: z.string().regex(/^\d{1,32}$/, 'Google subject ids are numeric strings'),
    email: z.email(),
    emailVerified: z.boolean().default(true),
    givenName: name,
    familyName: name,
    picture: z.url().nullable().default(null),
    locale: z.string().min(2).max(10).default('en'),
  }),
  x: z.object({
    id: z.string().regex(/^\d{1,32}$/, 'X user ids are numeric strings'),
    name,
    username: z.string().regex(/^[A-Za-z0-9_]{1,15}$/, 'X usernames are 1-15 letters, digits or _'),
    confirmedEmail: z.email().nullable().default(null),
  }),
  facebook: z.object({
    id: z.string().regex(/^\d{1,32}$/, 'Facebook user ids are numeric strings'),
    firstName: name,
    lastName: name,
    email: z.email().nullable().default(null),
  }),
} satisfies { [P in ProviderName]: z.ZodType<AccountsByProvider[P], unknown> };

/** What a test may send to `POST /<provider>/__admin/accounts`. */
export type NewAccount<P extends ProviderName> = z.input<(typeof ACCOUNT_SCHEMAS)[P]>;
