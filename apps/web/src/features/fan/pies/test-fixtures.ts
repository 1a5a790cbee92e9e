import type { Pie, PieSettings, RealtimeStats, SubscriptionView } from '#pie/contracts';
import { jsonResponse } from '@web/test/render';

export const PIE_ID = '3f1c2b3a-0b5c-4f4e-8f0e-4b7a9a574d6f';
export const ok = (data: unknown) => () => Promise.resolve(jsonResponse({ success: true, data }));

const settings: PieSettings = { amountCents: 1000, artistLimit: 10, artistPopularity: 0, excludeNonActive: false, pieDays: 30 };

/** The fan's active paid pie, in the period Nov 1 – Dec 1, 2026. */
export const activePie: Pie = {
  id: PIE_ID,
  fanId: 'fan_1',
  status: 'active',
  promo: false,
  subscriptionId: 'sub_1',
  settings,
  pendingSettings: null,
  currentPeriod: { id: 'p1', seq: 1, startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z', state: 'open', fundedCents: 841, splitCents: null, distributedCents: null, artistCount: null, rolledOver: null, closedAt: null },
  createdAt: '2026-11-01T00:00:00.000Z',
};

export const emptyStats: RealtimeStats = { pieId: PIE_ID, periodId: 'p1', from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', amountCents: 841, settings, artists: [], estimate: null };

/** One artist of a split as the API answers it. */
export function splitArtist(artistId: string, name: string, shareCents: number, listenedMs: number, weight: number): RealtimeStats['artists'][number] {
  return { pieArtistId: null, artistId, name, imageUrl: null, listenedMs, popularity: 50, active: true, inclusion: 'default', banned: false, selected: shareCents > 0, reason: shareCents > 0 ? null : 'over_limit', tilt: 1, weight, shareCents };
}

/** A new pie's estimate (`realtime-stats` of `new`): $8.41 over the last 28 days, 2 : 1. */
export const newPieEstimate: RealtimeStats = {
  pieId: null,
  periodId: null,
  from: '2026-10-04T12:00:00.000Z',
  to: '2026-11-01T12:00:00.000Z',
  amountCents: 841,
  settings: { artistLimit: 20, artistPopularity: 0, excludeNonActive: false },
  artists: [splitArtist('a1', 'Night Swimmers', 561, 7_200_000, 2 / 3), splitArtist('a2', 'Paper Lanterns', 280, 3_600_000, 1 / 3)],
  estimate: { days: 28 },
};

/** The pie's Stripe subscription; `cancelAtPeriodEnd` once the fan has cancelled it. */
export function subscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: 'sub_1',
    status: 'active',
    promo: false,
    active: true,
    cancelAtPeriodEnd: false,
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
    pieSettings: settings,
    metadata: { pie_id: PIE_ID },
    ...overrides,
  };
}
