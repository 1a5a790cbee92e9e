import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArtistInsightsView } from '#pie/contracts';
import { AppProviders } from '@web/app/providers';
import { makeStore } from '@web/app/store';
import { deferred, jsonResponse, mockRoutes } from '@web/test/render';
import { FundingInsightsSection } from './components/FundingInsightsSection';

const CLAIM = 'c1a1m000-0000-4000-8000-000000000001';
const ROUTE = `GET /api/for-artists/claims/${CLAIM}/insights`;

const view: ArtistInsightsView = {
  artistId: '0a000000-0000-4000-8000-000000000001',
  artistName: 'Demo Artist',
  claimVerifiedAt: '2026-10-03T10:00:00.000Z',
  totals: { receivedCents: 12000, releasedToOfficeCents: 11000, returnedToFansCents: 0, waitingInEscrowCents: 1000 },
  fans: 9,
  months: [
    { month: '2026-09', receivedCents: 8000, releasedToOfficeCents: 0, returnedToFansCents: 0, fans: 7 },
    { month: '2026-10', receivedCents: 4000, releasedToOfficeCents: 11000, returnedToFansCents: 0, fans: 'fewer than 5' },
  ],
  countries: [
    { country: 'DE', receivedCents: 9000, fans: 6 },
    { country: null, receivedCents: 3000, fans: 'fewer than 5' },
  ],
  tracks: [{ trackId: '0b000000-0000-4000-8000-000000000001', name: 'Solo Song', listenedMs: 45 * 60_000, fans: 'fewer than 5' }],
  paidListeningMs: 60 * 60_000,
  releaseAtClaim: { releasedCents: 8000, releasedAt: '2026-10-03T10:00:05.000Z', fans: 7 },
  generatedAt: '2026-11-02T10:00:00.000Z',
};

function renderSection() {
  return render(
    <AppProviders store={makeStore()}>
      <FundingInsightsSection claimId={CLAIM} />
    </AppProviders>,
  );
}

describe('funding insights on a claimed artist’s page', () => {
  it('shows the totals, the months as a described chart and a table, countries and tracks, with small counts as "fewer than 5"', async () => {
    mockRoutes({ [ROUTE]: () => Promise.resolve(jsonResponse({ success: true, data: view })) });
    renderSection();

    const section = await screen.findByRole('region', { name: 'Funding insights' });
    await within(section).findByText('Received from fans’ pies', { selector: 'dt' });
    const stat = (label: string) => within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(stat('Received from fans’ pies')).toBe('$120.00');
    expect(stat('Funding fans')).toBe('9 fans');
    expect(stat('Waiting in escrow')).toBe('$10.00');
    expect(screen.getByTestId('release-at-claim').textContent).toMatch(/^When the claim was verified, \$80\.00 from 7 fans was waiting in escrow; it was released to your office on /);

    expect(screen.getByRole('img', { name: /^Money per month\. 2026-09: received from fans’ pies \$80\.00, released to your office \$0\.00; 2026-10:/ })).toBeTruthy();
    const months = within(screen.getByRole('region', { name: 'Money per month (table)' })).getAllByRole('row');
    expect(months[1]!.textContent).toContain('2026-10');
    expect(months[1]!.textContent).toContain('fewer than 5 fans');
    expect(months[2]!.textContent).toContain('7 fans');

    const countries = within(screen.getByRole('region', { name: 'Money per listening country (table)' })).getAllByRole('row');
    expect(countries[1]!.textContent).toBe('Germany$90.0075%6 fans');
    expect(countries[2]!.textContent).toBe('Other countries or not known$30.0025%fewer than 5 fans');

    const tracks = within(screen.getByRole('region', { name: 'Tracks fans paid for (table)' })).getAllByRole('row');
    expect(tracks[1]!.textContent).toBe('Solo Song45 min75%fewer than 5 fans');
  });

  it('says so while loading, when no pie has paid the artist yet, and when the insights could not be loaded', async () => {
    const answer = deferred<Response>();
    mockRoutes({ [ROUTE]: () => answer.promise });
    const first = renderSection();
    expect(await screen.findByText('Loading the funding insights…')).toBeTruthy();
    answer.resolve(jsonResponse({ success: true, data: { ...view, fans: 0, months: [], countries: [], tracks: [], paidListeningMs: 0, releaseAtClaim: null, totals: { receivedCents: 0, releasedToOfficeCents: 0, returnedToFansCents: 0, waitingInEscrowCents: 0 } } }));
    expect(await screen.findByText(/^No fan's pie has paid this artist yet\./)).toBeTruthy();
    first.unmount();

    mockRoutes({ [ROUTE]: () => Promise.resolve(jsonResponse({ success: false, statusCode: 409, message: 'Funding insights open once the claim on this artist is verified.' }, 409)) });
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('Funding insights open once the claim on this artist is verified.');
  });
});
