import type { ArtistInsightsMonth } from '#pie/contracts';
import { formatMoney } from '../../../../shared/format';

const SERIES = [
  { key: 'receivedCents', label: 'Received from fans’ pies', color: '#ffd43b' },
  { key: 'releasedToOfficeCents', label: 'Released to your office', color: '#63e6be' },
] as const;

const BAR = 12;
const GAP = 18;
const HEIGHT = 160;

/**
 * Money per month as grouped bars in plain SVG. The picture is described by its label (every
 * figure, in words); the same figures are in the table under it for anyone who reads tables.
 */
export function MonthlyFundingChart({ months }: { months: readonly ArtistInsightsMonth[] }) {
  const shown = months.slice(-12);
  const max = Math.max(1, ...shown.flatMap((month) => SERIES.map((series) => month[series.key])));
  const groupWidth = SERIES.length * BAR + GAP;
  const width = Math.max(240, shown.length * groupWidth + GAP);
  const description = shown.map((month) => `${month.month}: ${SERIES.map((series) => `${series.label.toLowerCase()} ${formatMoney(month[series.key])}`).join(', ')}`).join('; ');
  return (
    <figure style={{ margin: 0 }}>
      <div style={{ overflowX: 'auto' }}>
        <svg role="img" aria-label={`Money per month. ${description}`} viewBox={`0 0 ${width} ${HEIGHT + 24}`} width={width} height={HEIGHT + 24}>
          <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} stroke="#4c3a80" />
          {shown.map((month, index) => (
            <g key={month.month} transform={`translate(${GAP + index * groupWidth}, 0)`}>
              {SERIES.map((series, position) => {
                const height = Math.max(0, Math.round((month[series.key] / max) * (HEIGHT - 8)));
                return <rect key={series.key} x={position * BAR} y={HEIGHT - height} width={BAR - 2} height={height} fill={series.color} />;
              })}
              <text x={(SERIES.length * BAR) / 2} y={HEIGHT + 16} textAnchor="middle" fontSize={11} fill="#e5dcff" aria-hidden="true">
                {month.month}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', fontSize: '0.875rem' }}>
        {SERIES.map((series) => (
          <span key={series.key} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.35rem' }}>
            <span aria-hidden="true" style={{ width: 12, height: 12, background: series.color, display: 'inline-block', borderRadius: 2 }} />
            {series.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
