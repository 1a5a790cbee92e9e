import { z } from 'zod';
import { MaskedCountSchema } from './small-counts-schema.js';

/**
 * `GET /api/for-artists/claims/:id/insights` (issue 31): a claimed artist's funding, from the
 * ledger, for the office members who may see the claim. Aggregates only — no fan is named — and
 * every count of fans from 1 to 4 is `'fewer than 5'` (a row standing for so few fans says so too).
 */
const cents = z.number().int();
const count = MaskedCountSchema;

export const ArtistInsightsMonthSchema = z.object({
  /** 'YYYY-MM', UTC. */
  month: z.string(),
  /** The pies' closes' shares into the artist's escrow that month. */
  receivedCents: cents,
  /** Moved from the escrow into the office's earnings that month. */
  releasedToOfficeCents: cents,
  /** Taken back to fans that month (refunds, disputes, escrow expired), net of any won back. */
  returnedToFansCents: cents,
  /** Fans whose pies paid the artist that month. */
  fans: count,
});

export const ArtistInsightsViewSchema = z.object({
  artistId: z.uuid(),
  artistName: z.string(),
  claimVerifiedAt: z.string().nullable(),
  totals: z.object({
    receivedCents: cents,
    releasedToOfficeCents: cents,
    returnedToFansCents: cents,
    /** In the escrow now: received − released − returned (waiting for the office's Stripe account, say). */
    waitingInEscrowCents: cents,
  }),
  /** Distinct fans whose pies have ever paid the artist. */
  fans: count,
  /** Oldest first; months without money are absent. */
  months: z.array(ArtistInsightsMonthSchema),
  /**
   * Money received per fans' listening country (their streaming account's), most first. `country` null: elsewhere or not known —
   * the fans whose country is not known and every country of fewer than 5 fans, pooled (with the smallest other countries while
   * still fewer than 5), so no row, nor the total less the rows, is a handful of fans. Sums to `totals.receivedCents`.
   */
  countries: z.array(z.object({ country: z.string().nullable(), receivedCents: cents, fans: count })),
  /** The artist's tracks in the listening the closes paid for (each paid fan's period), most listened first, at most 10. */
  tracks: z.array(z.object({ trackId: z.uuid(), name: z.string(), listenedMs: z.number().int(), fans: count })),
  /** All the paid listening of the artist's tracks (the tracks above and the rest). */
  paidListeningMs: z.number().int(),
  /** The first release of the escrow to this claim's office (what waited when the claim succeeded), or null while none. */
  releaseAtClaim: z.object({ releasedCents: cents, releasedAt: z.string(), fans: count }).nullable(),
  generatedAt: z.string(),
});

export type ArtistInsightsMonth = z.infer<typeof ArtistInsightsMonthSchema>;
export type ArtistInsightsView = z.infer<typeof ArtistInsightsViewSchema>;
