import { formatMoney } from '../format';

/** One figure drawn per month: its key in the month's figures, its name (in the legend and the description), its colour. */
export interface MonthlySeries<K extends string> {
  key: K;
  label: string;
  color: string;
}

const GAP = 18;

/** The picture's box (its viewBox) for `groups` groups of `bars` bars: a fitted chart's placeholder keeps this shape while it loads. */
export function barChartBox(groups: number, bars: number, barWidth = 10, height = 180): { width: number; height: number } {
  return { width: Math.max(240, groups * (bars * barWidth + GAP) + GAP), height: height + 24 };
}

/**
 * Money per month as grouped bars in plain SVG (no chart library: every page stays light), the
 * last twelve months (`last`). The picture is described by its label (every figure, in words); the
 * pages that draw it put the same figures in a table under it for anyone who reads tables.
 * `fit` scales the picture to its box instead of scrolling it sideways (many narrow groups, as
 * the admin's 30 days), naming every `labelEvery`-th group under the bars.
 */
export function MonthlyBarChart<K extends string>({
  months,
  series,
  barWidth = 10,
  height = 180,
  title = 'Money per month',
  last = 12,
  fit = false,
  labelEvery = 1,
}: {
  months: readonly ({ month: string } & Record<K, number>)[];
  series: readonly MonthlySeries<K>[];
  barWidth?: number;
  height?: number;
  title?: string;
  last?: number;
  fit?: boolean;
  labelEvery?: number;
}) {
  const shown = months.slice(-last);
  const max = Math.max(1, ...shown.flatMap((month) => series.map((one) => month[one.key])));
  const groupWidth = series.length * barWidth + GAP;
  const { width } = barChartBox(shown.length, series.length, barWidth, height);
  const description = shown.map((month) => `${month.month}: ${series.map((one) => `${one.label.toLowerCase()} ${formatMoney(month[one.key])}`).join(', ')}`).join('; ');
  const picture = (
    <svg
      role="img"
      aria-label={`${title}. ${description}`}
      viewBox={`0 0 ${width} ${height + 24}`}
      width={fit ? '100%' : width}
      height={fit ? undefined : height + 24}
      style={fit ? { display: 'block', height: 'auto' } : undefined}
    >
      <line x1={0} x2={width} y1={height} y2={height} stroke="#4c3a80" />
      {shown.map((month, index) => (
        <g key={month.month} transform={`translate(${GAP + index * groupWidth}, 0)`}>
          {series.map((one, position) => {
            // A month that took money back (a negative net) draws no bar; its figure is in the label and the table.
            const barHeight = Math.max(0, Math.round((month[one.key] / max) * (height - 8)));
            return <rect key={one.key} x={position * barWidth} y={height - barHeight} width={barWidth - 2} height={barHeight} fill={one.color} />;
          })}
          {index % labelEvery === 0 && (
            <text x={(series.length * barWidth) / 2} y={height + (fit ? 22 : 16)} textAnchor="middle" fontSize={fit ? 22 : 11} fill="#e5dcff" aria-hidden="true">
              {month.month}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
  return (
    <figure style={{ margin: 0 }}>
      {fit ? picture : <div style={{ overflowX: 'auto' }}>{picture}</div>}
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', fontSize: '0.875rem' }}>
        {series.map((one) => (
          <span key={one.key} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.35rem' }}>
            <span aria-hidden="true" style={{ width: 12, height: 12, background: one.color, display: 'inline-block', borderRadius: 2 }} />
            {one.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
