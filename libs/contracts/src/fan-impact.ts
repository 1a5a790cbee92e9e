import { z } from 'zod';

/**
 * A fan's impact (issue 31, item 2): where the fan's own money went, every figure summed from the
 * ledger. The scope is all time, one UTC calendar year, or one closed pie period of the fan's.
 */
const year = z.coerce
  .number({ error: 'year must be a number' })
  .int({ error: 'year must be a whole year, e.g. 2026' })
  .min(2000, { error: 'year must be 2000 or later' })
  .max(2100, { error: 'year must be 2100 or earlier' });

export const FanImpactQuery = z
  .strictObject({
    year: year.optional(),
    periodId: z.uuid({ error: 'periodId must be a valid id' }).optional(),
  })
  .refine((query) => query.year === undefined || query.periodId === undefined, { message: 'give a year or a periodId, not both', path: ['periodId'] });
export type FanImpactQueryInput = z.infer<typeof FanImpactQuery>;

/** Below this popularity an artist is in the less listened half of Pie's catalogue (see `libs/admin/README.md`, "A fan's impact"). */
export const MEDIAN_POPULARITY = 50;

const cents = z.number().int();

export const FanImpactArtistSchema = z.object({
  artistId: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  popularity: z.number().int(),
  /** What the fan's pie closes gave this artist in the scope. */
  givenCents: cents,
});

export const FanImpactViewSchema = z.object({
  scope: z.object({ kind: z.enum(['all', 'year', 'period']), year: z.number().int().nullable(), periodId: z.string().nullable(), label: z.string() }),
  /** What the fan's card paid (gross, before fees), and what their pies' closes gave to artists. */
  paidInCents: cents,
  givenToArtistsCents: cents,
  artistCount: z.number().int(),
  /** What went to artists whose popularity is below `MEDIAN_POPULARITY`, and its share of `givenToArtistsCents` in basis points. */
  belowMedian: z.object({ cents, shareBps: z.number().int(), medianPopularity: z.number().int() }),
  /** Per UTC month, oldest first (months with neither payment nor close are absent). */
  months: z.array(z.object({ month: z.string(), paidInCents: cents, givenToArtistsCents: cents })),
  /** Money by the artists' country (ISO 3166-1 alpha-2), most first; artists of unknown country apart. */
  countries: z.array(z.object({ code: z.string(), givenCents: cents, artists: z.number().int() })),
  unknownCountry: z.object({ givenCents: cents, artists: z.number().int() }),
  artists: z.array(FanImpactArtistSchema),
  /** The fan's money still in escrow now (not scoped), per artist, most first: `claimed` is false while nobody has claimed the artist. */
  waiting: z.array(z.object({ artistId: z.string(), name: z.string(), heldCents: cents, claimed: z.boolean() })),
  waitingCents: cents,
  /** What the fan's visibility lets a card show: their name (a public profile) and their artists' names (public top artists too). */
  card: z.object({ namesFan: z.boolean(), namesArtists: z.boolean() }),
});
export type FanImpactView = z.infer<typeof FanImpactViewSchema>;
