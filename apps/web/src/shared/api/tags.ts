/**
 * Every RTK Query cache tag of the app, per base API (DESIGN §10: tags per entity and id).
 * A feature that caches a new kind of entity adds its type here, never with
 * `enhanceEndpoints({ addTagTypes })`, so one list says what can be invalidated.
 *
 * Tags carry ids: an entity's query provides `{ type, id }` (and its list `{ type, id: LIST }`),
 * so a change to one record refetches that record and the lists, not every screen.
 */
export const FAN_TAG_TYPES = [
  /** The signed-in fan (GET /api/user), id = the fan's id. */
  'User',
  /** Anything computed from the signed-in fan's own plays; sync and imports invalidate it. id: LIST. */
  'Listening',
  /** The streaming connection and the latest upload (part of GET /api/user/activity). id: 'ME'. */
  'ListeningConnection',
  /** Another fan's public profile and listening, id = that fan's id. */
  'FanProfile',
  /** A catalogue artist's public page, id = the artist's id. */
  'Artist',
  /** An export upload's progress, id = the upload's id. */
  'Import',
  /** The fan's subscription (GET /api/stripe/activeSubscription). id: 'ME'. */
  'Subscription',
  /** The fan's wallet: balance, transactions, summary. id: 'ME'. */
  'Wallet',
  /** Whether the signed-in fan may still start the free pie (GET /api/stripe/promoEligibility). id: 'ME'. */
  'Promotion',
  /** The fan's pies and their periods (settings, status), id: LIST. */
  'Pie',
  /** A pie's live split (realtime-stats); bans, inclusions and saved settings change it. id: LIST. */
  'PieSplit',
] as const;
export type FanTagType = (typeof FAN_TAG_TYPES)[number];

/** The artist area's API (`/api/for-artists`). */
export const ARTIST_TAG_TYPES = [
  /** The signed-in artist user, id = their id. */
  'ArtistUser',
  /** A claim of one of the caller's offices, id = the claim's id. */
  'Claim',
  /** One of the caller's offices, id = the office's id. */
  'Office',
  /** The members (and invitations) of an office, id = the office's id. */
  'OfficeMembers',
  /** An office's Stripe connection (status, monthly fee check), id = the office's id. */
  'StripeConnection',
  /** An office's payouts (list, details, total paid out), id = the office's id. */
  'Payout',
  /** An office's transactions (credits and payouts) and its transfers, id = the office's id. */
  'Transaction',
  /** A claimed artist's payouts (claims/:id/payouts), id = the claim's id or LIST. */
  'ClaimPayout',
  /** An office's balances (earnings, connected account, escrow), id = the office's id. */
  'WalletBalance',
  /** An office's gifts to the promotion pool, id = the office's id. */
  'GiveBack',
] as const;
export type ArtistTagType = (typeof ARTIST_TAG_TYPES)[number];

/** The admin area's API (`/api/admin`). */
export const ADMIN_TAG_TYPES = [
  /** The signed-in admin, id = their id. */
  'AdminProfile',
  /** Any back-office list or record (claims, artists, people, offices, money); admin actions invalidate it. id: LIST or the record's id. */
  'AdminRecord',
  /** The audit log and the reconciliation results, id: LIST. */
  'AdminAudit',
] as const;
export type AdminTagType = (typeof ADMIN_TAG_TYPES)[number];

/** The id of a whole collection's tag: `{ type, id: LIST }` (invalidating it refetches every list). */
export const LIST = 'LIST';
/** The id of the signed-in person's own entry (their connection, their profile). */
export const ME = 'ME';

/** Tags of a query that returns one entity: the entity and its collection. */
export function entityTags<T extends string>(type: T, id: string | undefined) {
  return id ? [{ type, id }, { type, id: LIST }] : [{ type, id: LIST }];
}
