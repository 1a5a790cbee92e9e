import type { OpenBooksView } from '#pie/contracts';
import { OPEN_BOOKS_LABELS } from '#pie/contracts';
import { formatMoney } from '../../../../shared/format';

/** The figures the chart draws, in the order money moves. */
const SERIES = [
  { key: 'paidInCents', color: '#b197fc' },
  { key: 'allocatedToArtistsCents', color: '#ffd43b' },
  { key: 'releasedToOfficesCents', color: '#63e6be' },
  { key: 'paidOutCents', color: '#74c0fc' },
] as const;

const BAR = 10;
const GAP = 18;
const HEIGHT = 180;

/**
 * Money per month as grouped bars, drawn as plain SVG (no chart library on a public page: it stays
 * light). The picture is described by its label; the same figures are in the table below it.
 */
export function MonthlyMoneyChart({ months }: { months: OpenBooksView['months'] }) {
  const shown = months.slice(-12);
  const max = Math.max(1, ...shown.flatMap((month) => SERIES.map((series) => month[series.key])));
  const groupWidth = SERIES.length * BAR + GAP;
  const width = Math.max(240, shown.length * groupWidth + GAP);
  const description = shown.map((month) => `${month.month}: ${SERIES.map((series) => `${OPEN_BOOKS_LABELS[series.key].toLowerCase()} ${formatMoney(month[series.key])}`).join(', ')}`).join('; ');
  return (
    <figure style={{ margin: 0 }}>
      <div style={{ overflowX: 'auto' }}>
        <svg role="img" aria-label={`Money per month. ${description}`} viewBox={`0 0 ${width} ${HEIGHT + 24}`} width={width} height={HEIGHT + 24}>
          <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} stroke="#4c3a80" />
          {shown.map((month, index) => (
            <g key={month.month} transform={`translate(${GAP + index * groupWidth}, 0)`}>
              {SERIES.map((series, position) => {
                const height = Math.round((month[series.key] / max) * (HEIGHT - 8));
                return <rect key={series.key} x={position * BAR} y={HEIGHT - Math.max(0, height)} width={BAR - 2} height={Math.max(0, height)} fill={series.color} />;
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
            {OPEN_BOOKS_LABELS[series.key]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
