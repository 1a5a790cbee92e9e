import { formatMoney } from '../../format';
import { LoadingBlock } from '../../ui/LoadState';
import { barChartBox, MonthlyBarChart, type MonthlySeries } from '../../ui/MonthlyBarChart';

/*
 * The back office's charts, drawn in plain SVG and HTML (as the open books' and the artist's
 * monthly charts): a chart library (recharts, ~94 KB gzip) doubled these screens' first load for
 * two bar charts. Each has a text alternative; the figures are also in the tables beside them.
 */

type DailyKey = 'paidInCents' | 'givenToArtistsCents' | 'releasedCents' | 'transferredCents' | 'paidOutCents';

const SERIES: readonly MonthlySeries<DailyKey>[] = [
  { key: 'paidInCents', label: 'Paid in', color: '#b197fc' },
  { key: 'givenToArtistsCents', label: 'Into escrow', color: '#ffd43b' },
  { key: 'releasedCents', label: 'Released', color: '#63e6be' },
  { key: 'transferredCents', label: 'Transferred', color: '#74c0fc' },
  { key: 'paidOutCents', label: 'Paid out', color: '#ff8787' },
];

/** Daily money per family (`dashboard/financial`): a day's figures as grouped bars, scaled to the box. */
export function DailyMoneyChart({ series }: { series: Record<string, number | string>[] }) {
  const days = series.map((entry) => {
    const figures = Object.fromEntries(SERIES.map((one) => [one.key, Number(entry[one.key] ?? 0)])) as Record<DailyKey, number>;
    return { month: String(entry.day), ...figures };
  });
  return <MonthlyBarChart months={days} series={SERIES} title={`Money per day over ${days.length} day(s)`} last={days.length} barWidth={BAR_WIDTH} fit labelEvery={7} />;
}

const BAR_WIDTH = 4;

/**
 * The daily chart's place while its figures load: the fitted picture's shape for `days` days and a
 * line for its legend, so the sections under it do not jump when it arrives (a layout shift).
 */
export function DailyMoneyChartPlaceholder({ days, label }: { days: number; label: string }) {
  const box = barChartBox(days, SERIES.length, BAR_WIDTH);
  return (
    <div style={{ aspectRatio: `${box.width} / ${box.height}`, marginBottom: '1.5rem' }}>
      <LoadingBlock label={label} />
    </div>
  );
}

/** Where the money went (`transactions/flow`): each step as a bar, its amount beside it. */
export function MoneyFlowChart({ links }: { links: { from: string; to: string; cents: number }[] }) {
  const max = Math.max(1, ...links.map((link) => link.cents));
  return (
    <div
      role="img"
      aria-label={`Where the money went: ${links.map((link) => `${link.from} to ${link.to} ${formatMoney(link.cents)}`).join(', ')}`}
      style={{ display: 'grid', gap: '0.5rem', margin: '0.5rem 0' }}
    >
      {links.map((link) => (
        <div key={`${link.from}-${link.to}`} aria-hidden="true" style={{ display: 'grid', gap: '0.15rem', fontSize: '0.875rem' }}>
          <span>{`${link.from} → ${link.to}: ${formatMoney(link.cents)}`}</span>
          <span style={{ display: 'block', height: 12, borderRadius: 2, background: '#b197fc', width: `${Math.max(0, (link.cents / max) * 100)}%` }} />
        </div>
      ))}
    </div>
  );
}
