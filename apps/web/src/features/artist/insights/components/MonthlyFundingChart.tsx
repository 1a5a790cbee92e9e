import type { ArtistInsightsMonth } from '#pie/contracts';
import { MonthlyBarChart, type MonthlySeries } from '@web/shared/ui/MonthlyBarChart';

const SERIES: readonly MonthlySeries<'receivedCents' | 'releasedToOfficeCents'>[] = [
  { key: 'receivedCents', label: 'Received from fans’ pies', color: '#ffd43b' },
  { key: 'releasedToOfficeCents', label: 'Released to your office', color: '#63e6be' },
];

/** An artist's money per month: what fans' pies put in and what was released to the office. */
export function MonthlyFundingChart({ months }: { months: readonly ArtistInsightsMonth[] }) {
  return <MonthlyBarChart months={months} series={SERIES} barWidth={12} height={160} />;
}
