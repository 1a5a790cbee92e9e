import { maskCount, SMALL_COUNT_LIMIT, type ArtistInsightsMonth, type ArtistInsightsView } from '#pie/contracts';
import { fanListeningCountries } from '#pie/identity';
import { escrowByMonthAndKind, escrowJournalReferences, escrowJournalsOfKinds, escrowRecordedBefore, escrowTotalsByFan, JOURNAL_KINDS } from '#pie/ledger';
import { artistFacts, listenedMsByTrackForWindows } from '#pie/listening';
import type { EntityManager } from '#pie/platform';
import { periodWindows } from '#pie/pies';

const TOP_TRACKS = 10;

/** Countries by code, the unknown one last. */
const byCountry = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

type CountryRow = { country: string | null; receivedCents: number; fans: number };

/**
 * Countries under five fans go into one row (`country` null, with the fans whose country is not
 * known): masking their counts alone is not enough, as the total of fans less the countries shown
 * would give a masked row's count, and its money would be that handful's (often one fan's). While
 * that pooled row is still a handful, the smallest named country joins it too, so every row — and
 * every difference between the total and the rows — is nobody or at least five fans.
 */
export function poolSmallCountries(totals: ReadonlyMap<string | null, { receivedCents: number; fans: number }>): CountryRow[] {
  const pooled: CountryRow = { country: null, receivedCents: 0, fans: 0 };
  const named: CountryRow[] = [];
  for (const [country, row] of totals) {
    if (country !== null && row.fans >= SMALL_COUNT_LIMIT) named.push({ country, ...row });
    else {
      pooled.receivedCents += row.receivedCents;
      pooled.fans += row.fans;
    }
  }
  named.sort((a, b) => a.fans - b.fans || a.receivedCents - b.receivedCents || (a.country! < b.country! ? -1 : 1));
  while (pooled.fans > 0 && pooled.fans < SMALL_COUNT_LIMIT && named.length > 0) {
    const smallest = named.shift()!;
    pooled.receivedCents += smallest.receivedCents;
    pooled.fans += smallest.fans;
  }
  return pooled.fans > 0 ? [...named, pooled] : named;
}

/**
 * A claimed artist's funding insights (issue 31), all from the artist's escrow in the ledger: every
 * cent fans' pies gave the artist passed through it (a close posts each share there; payouts
 * releases it to the office), one escrow line per fan and journal. So the months, the countries and
 * the totals are sums of the same lines and agree with the ledger to the cent. Which tracks: the
 * listening of each paid fan in the period its close paid for, counted as the split counts it.
 * No fan is named; counts of fans under five are masked here, in the answer itself.
 */
export async function artistInsights(em: EntityManager, claim: { id: string; artistId: string; verifiedAt: Date | null }): Promise<ArtistInsightsView> {
  const { artistId } = claim;
  const [byMonth, byFan, periodIds, releases, [facts]] = await Promise.all([
    escrowByMonthAndKind(em, artistId),
    escrowTotalsByFan(em, artistId, [JOURNAL_KINDS.piePeriodClosed]),
    escrowJournalReferences(em, artistId, [JOURNAL_KINDS.piePeriodClosed], 'piePeriodId'),
    escrowJournalsOfKinds(em, artistId, [JOURNAL_KINDS.escrowReleased]),
    artistFacts(em, [artistId]),
  ]);

  const months = new Map<string, ArtistInsightsMonth & { fansExact: number }>();
  const monthOf = (month: string) => {
    let row = months.get(month);
    if (!row) months.set(month, (row = { month, receivedCents: 0, releasedToOfficeCents: 0, returnedToFansCents: 0, fans: 0, fansExact: 0 }));
    return row;
  };
  for (const row of byMonth) {
    const month = monthOf(row.month);
    if (row.kind === JOURNAL_KINDS.piePeriodClosed) {
      month.receivedCents += row.cents;
      month.fansExact = row.fans;
    } else if (row.kind === JOURNAL_KINDS.escrowReleased) month.releasedToOfficeCents -= row.cents;
    // Refunds, disputes (and disputes won back), expiry: money the fans' own rules took back.
    else month.returnedToFansCents -= row.cents;
  }
  const monthRows = [...months.values()].sort((a, b) => a.month.localeCompare(b.month)).map(({ fansExact, ...month }) => ({ ...month, fans: maskCount(fansExact) }));
  const sum = (key: 'receivedCents' | 'releasedToOfficeCents' | 'returnedToFansCents') => monthRows.reduce((total, month) => total + month[key], 0);
  const totals = { receivedCents: sum('receivedCents'), releasedToOfficeCents: sum('releasedToOfficeCents'), returnedToFansCents: sum('returnedToFansCents') };

  // Per listening country (unknown apart): what each fan's pies gave, summed.
  const countryOf = await fanListeningCountries(em, [...byFan.keys()]);
  const countries = new Map<string | null, { receivedCents: number; fans: number }>();
  for (const [fanId, cents] of byFan) {
    const country = countryOf.get(fanId) ?? null;
    const row = countries.get(country) ?? { receivedCents: 0, fans: 0 };
    row.receivedCents += cents;
    row.fans += 1;
    countries.set(country, row);
  }

  // The listening the closes paid for: each paid fan's period window, once.
  const windows = [...(await periodWindows(em, periodIds)).values()].map((window) => ({ fanId: window.fanId, from: new Date(window.startsAt), to: new Date(window.endsAt) }));
  const tracks = await listenedMsByTrackForWindows(em, artistId, windows);

  // The claim's first release is "at claim" only if money waited when the claim was verified; for an
  // artist claimed with an empty escrow it is merely the first later share passing through.
  const firstRelease = releases.find((journal) => journal.references.claimId === claim.id) ?? null;
  const waitedAtClaim = firstRelease && claim.verifiedAt ? (await escrowRecordedBefore(em, artistId, new Date(claim.verifiedAt))) > 0 : false;
  const release = waitedAtClaim ? firstRelease : null;
  return {
    artistId,
    artistName: facts?.name ?? 'Unknown artist',
    claimVerifiedAt: claim.verifiedAt ? new Date(claim.verifiedAt).toISOString() : null,
    totals: { ...totals, waitingInEscrowCents: totals.receivedCents - totals.releasedToOfficeCents - totals.returnedToFansCents },
    fans: maskCount(byFan.size),
    months: monthRows,
    countries: poolSmallCountries(countries)
      .map((row) => ({ country: row.country, receivedCents: row.receivedCents, fans: maskCount(row.fans) }))
      .sort((a, b) => b.receivedCents - a.receivedCents || byCountry(a.country, b.country)),
    tracks: tracks.slice(0, TOP_TRACKS).map((track) => ({ trackId: track.trackId, name: track.name, listenedMs: Math.round(track.listenedMs), fans: maskCount(track.fans) })),
    paidListeningMs: Math.round(tracks.reduce((total, track) => total + track.listenedMs, 0)),
    releaseAtClaim: release ? { releasedCents: -release.cents, releasedAt: release.occurredAt, fans: maskCount(release.fans) } : null,
    generatedAt: new Date().toISOString(),
  };
}
