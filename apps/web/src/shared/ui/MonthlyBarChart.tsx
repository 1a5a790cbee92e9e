import { formatMoney } from '../format';

/** One figure drawn per month: its key in the month's figures, its name (in the legend and the description), its colour. */
export interface MonthlySeries<K extends string> {
  key: K;
  label: string;
  color: string;
}

const GAP = 18;

/**
 * Money per month as grouped bars in plain SVG (no chart library: the public pages stay light),
 * the last twelve months. The picture is described by its label (every figure, in words); the
 * pages that draw it put the same figures in a table under it for anyone who reads tables.
 */
export function MonthlyBarChart<K extends string>({
  months,
  series,
  barWidth = 10,
  height = 180,
}: {
  months: readonly ({ month: string } & Record<K, number>)[];
  series: readonly MonthlySeries<K>[];
  barWidth?: number;
  height?: number;
}) {
  const shown = months.slice(-12);
  const max = Math.max(1, ...shown.flatMap((month) => series.map((one) => month[one.key])));
  const groupWidth = series.length * barWidth + GAP;
  const width = Math.max(240, shown.length * groupWidth + GAP);
  const description = shown.map((month) => `${month.month}: ${series.map((one) => `${one.label.toLowerCase()} ${formatMoney(month[one.key])}`).join(', ')}`).join('; ');
  return (
    <figure style={{ margin: 0 }}>
      <div style={{ overflowX: 'auto' }}>
        <svg role="img" aria-label={`Money per month. ${description}`} viewBox={`0 0 ${width} ${height + 24}`} width={width} height={height + 24}>
          <line x1={0} x2={width} y1={height} y2={height} stroke="#4c3a80" />
          {shown.map((month, index) => (
            <g key={month.month} transform={`translate(${GAP + index * groupWidth}, 0)`}>
              {series.map((one, position) => {
                // A month that took money back (a negative net) draws no bar; its figure is in the label and the table.
                const barHeight = Math.max(0, Math.round((month[one.key] / max) * (height - 8)));
                return <rect key={one.key} x={position * barWidth} y={height - barHeight} width={barWidth - 2} height={barHeight} fill={one.color} />;
              })}
              <text x={(series.length * barWidth) / 2} y={height + 16} textAnchor="middle" fontSize={11} fill="#e5dcff" aria-hidden="true">
                {month.month}
              </text>
            </g>
          ))}
        </svg>
      </div>
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
