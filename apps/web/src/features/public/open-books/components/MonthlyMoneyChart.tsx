import type { OpenBooksView } from '#pie/contracts';
import { OPEN_BOOKS_LABELS } from '#pie/contracts';
import { MonthlyBarChart, type MonthlySeries } from '@web/shared/ui/MonthlyBarChart';

type Drawn = 'paidInCents' | 'allocatedToArtistsCents' | 'releasedToOfficesCents' | 'paidOutCents';

/** The figures the chart draws, in the order money moves. */
const SERIES: readonly MonthlySeries<Drawn>[] = (
  [
    ['paidInCents', '#b197fc'],
    ['allocatedToArtistsCents', '#ffd43b'],
    ['releasedToOfficesCents', '#63e6be'],
    ['paidOutCents', '#74c0fc'],
  ] as const
).map(([key, color]) => ({ key, label: OPEN_BOOKS_LABELS[key], color }));

/** The platform's money per month on the open books. */
export function MonthlyMoneyChart({ months }: { months: OpenBooksView['months'] }) {
  return <MonthlyBarChart months={months} series={SERIES} />;
}
