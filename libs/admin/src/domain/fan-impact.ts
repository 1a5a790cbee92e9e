import { MEDIAN_POPULARITY, type FanImpactQueryInput, type FanImpactView } from '#pie/contracts';
import { FAN_MONEY_FIGURES } from '#pie/billing';
import { payeeOfficesFor } from '#pie/claims';
import { fanEscrowHoldings, JOURNAL_KINDS, figureByAccountAndMonth, figureTotalsByDay, parseAccount, type FigureScope, type MoneyFigure } from '#pie/ledger';
import { artistFacts, publicProfileOf } from '#pie/listening';
import { closedPeriodOfFan } from '#pie/pies';
import type { EntityManager } from '#pie/platform';
import { periodNotFound } from './admin.errors.js';

/**
 * What a fan's pie closes put into each artist's escrow: the credit side of the same journals whose
 * wallet side is billing's `givenToArtistsCents` (a close pays every artist into escrow; a release
 * to the office comes later), so the per-artist sum equals the wallet figure to the cent.
 */
const SHARES_FIGURE: MoneyFigure = { journalKinds: [JOURNAL_KINDS.piePeriodClosed], accountKind: 'artist_escrow', direction: 'in' };
/**
 * What the artists keep of the fan's money: the closes' escrow credits less what came back out of
 * those escrows to the fan — a refund or a chargeback of the payment (billing takes the fan's own
 * holdings after the wallet), an expiry of unclaimed money — and plus what a won dispute put back.
 * Each of those journals names the fan, and its escrow legs are that fan's money only (per-fan
 * escrow), so the net is exact. A release to the office moves nothing here: it is the artist's.
 * Dated by the movement, so a refund in a later year lowers that year's figure.
 */
const KEPT_FIGURE: MoneyFigure = {
  journalKinds: [JOURNAL_KINDS.piePeriodClosed, JOURNAL_KINDS.refund, JOURNAL_KINDS.refundFailed, JOURNAL_KINDS.dispute, JOURNAL_KINDS.disputeWon, JOURNAL_KINDS.escrowExpired],
  accountKind: 'artist_escrow',
  direction: 'in',
};
const PAID_IN_FIGURE = { paidInCents: FAN_MONEY_FIGURES.paidInCents };

/** Which of the fan's journals an impact sums: paid in (their invoices) and given (their pie closes). */
export interface ImpactScope {
  kind: FanImpactView['scope']['kind'] | 'pie';
  year: number | null;
  periodId: string | null;
  label: string;
  paidIn: FigureScope | null;
  given: FigureScope;
}


/** The scope a query names, checked against the caller: a period id that is not one of the fan's closed periods is 404. */
export async function impactScope(em: EntityManager, fanId: string, query: FanImpactQueryInput): Promise<ImpactScope> {
  if (query.periodId) {
    const period = await closedPeriodOfFan(em, fanId, query.periodId);
    if (!period) throw periodNotFound();
    const day = (date: Date) => date.toISOString().slice(0, 10);
    return {
      kind: 'period',
      year: null,
      periodId: period.id,
      label: `${day(period.startsAt)} to ${day(period.endsAt)}`,
      // A promotional period has no invoice: nothing was paid in for it.
      paidIn: period.invoiceId ? { references: { fanId, stripeInvoiceId: period.invoiceId } } : null,
      given: { references: { fanId, piePeriodId: period.id } },
    };
  }
  if (query.year !== undefined) {
    const from = new Date(Date.UTC(query.year, 0, 1));
    const to = new Date(Date.UTC(query.year + 1, 0, 1));
    return { kind: 'year', year: query.year, periodId: null, label: String(query.year), paidIn: { references: { fanId }, from, to }, given: { references: { fanId }, from, to } };
  }
  return { kind: 'all', year: null, periodId: null, label: 'All time', paidIn: { references: { fanId } }, given: { references: { fanId } } };
}

/** One public pie's scope: what its closes gave (its payments are the fan's, not shown on a public card). */
export function pieScope(fanId: string, pieId: string): ImpactScope {
  return { kind: 'pie', year: null, periodId: null, label: 'This pie', paidIn: null, given: { references: { fanId, pieId } } };
}

/**
 * The fan's impact over a scope, from the ledger: paid in (billing's own figure), given to each
 * artist (the closes' escrow credits), per month; the artists' popularity and country from the
 * catalogue (as they are now); and what of the fan's money still waits in escrow now (the per-fan
 * holdings), whoever has claimed those artists. Reads the fan's own journals only (the
 * `references @> {fanId}` index), so its cost grows with the fan's history, not the platform's.
 */
export async function fanImpact(em: EntityManager, fanId: string, scope: ImpactScope): Promise<FanImpactView> {
  const [paidDays, shares, holdings, profile] = await Promise.all([
    scope.paidIn ? figureTotalsByDay(em, PAID_IN_FIGURE, scope.paidIn) : Promise.resolve([]),
    // A period's (or one pie's) impact is what its closes gave (its statement says where each share
    // is now); all time and a year count what the artists kept.
    figureByAccountAndMonth(em, scope.kind === 'all' || scope.kind === 'year' ? KEPT_FIGURE : SHARES_FIGURE, scope.given),
    fanEscrowHoldings(em, fanId),
    publicProfileOf(em, fanId),
  ]);

  const givenByArtist = new Map<string, number>();
  const months = new Map<string, { paidInCents: number; givenToArtistsCents: number }>();
  const month = (key: string) => months.get(key) ?? months.set(key, { paidInCents: 0, givenToArtistsCents: 0 }).get(key)!;
  for (const day of paidDays) month(day.day.slice(0, 7)).paidInCents += day.paidInCents;
  for (const share of shares) {
    const artistId = parseAccount(share.account).ownerId!;
    givenByArtist.set(artistId, (givenByArtist.get(artistId) ?? 0) + share.cents);
    month(share.month).givenToArtistsCents += share.cents;
  }
  const waitingIds = [...holdings.keys()].map((account) => parseAccount(account).ownerId!);
  const facts = new Map((await artistFacts(em, [...new Set([...givenByArtist.keys(), ...waitingIds])])).map((artist) => [artist.id, artist]));
  const claimed = await payeeOfficesFor(em, waitingIds);

  // An artist a refund took everything back from has a zero net share: not an artist the fan funded.
  const artists = [...givenByArtist]
    .filter(([, cents]) => cents > 0)
    .map(([artistId, givenCents]) => {
      const artist = facts.get(artistId);
      return { artistId, name: artist?.name ?? 'Unknown artist', country: artist?.country ?? null, popularity: artist?.popularity ?? 0, givenCents };
    })
    .sort((a, b) => b.givenCents - a.givenCents || a.name.localeCompare(b.name, 'en') || a.artistId.localeCompare(b.artistId));
  const givenToArtistsCents = [...givenByArtist.values()].reduce((sum, cents) => sum + cents, 0);
  const belowMedianCents = artists.filter((artist) => artist.popularity < MEDIAN_POPULARITY).reduce((sum, artist) => sum + artist.givenCents, 0);

  const countries = new Map<string, { givenCents: number; artists: number }>();
  const unknownCountry = { givenCents: 0, artists: 0 };
  for (const artist of artists) {
    const bucket = artist.country ? (countries.get(artist.country) ?? countries.set(artist.country, { givenCents: 0, artists: 0 }).get(artist.country)!) : unknownCountry;
    bucket.givenCents += artist.givenCents;
    bucket.artists += 1;
  }

  const waiting = [...holdings]
    .map(([account, heldCents]) => {
      const artistId = parseAccount(account).ownerId!;
      return { artistId, name: facts.get(artistId)?.name ?? 'Unknown artist', heldCents, claimed: claimed.has(artistId) };
    })
    .sort((a, b) => b.heldCents - a.heldCents || a.name.localeCompare(b.name, 'en'));

  return {
    scope: { kind: scope.kind === 'pie' ? 'all' : scope.kind, year: scope.year, periodId: scope.periodId, label: scope.label },
    paidInCents: paidDays.reduce((sum, day) => sum + day.paidInCents, 0),
    givenToArtistsCents,
    artistCount: artists.length,
    belowMedian: { cents: belowMedianCents, shareBps: givenToArtistsCents > 0 ? Math.floor((belowMedianCents * 10_000) / givenToArtistsCents) : 0, medianPopularity: MEDIAN_POPULARITY },
    months: [...months].sort(([a], [b]) => a.localeCompare(b)).map(([key, figures]) => ({ month: key, ...figures })),
    countries: [...countries].map(([code, figures]) => ({ code, ...figures })).sort((a, b) => b.givenCents - a.givenCents || a.code.localeCompare(b.code)),
    unknownCountry,
    artists,
    waiting,
    waitingCents: waiting.reduce((sum, artist) => sum + artist.heldCents, 0),
    card: { namesFan: profile.public, namesArtists: profile.topArtistsPublic },
  };
}
