import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../format';

/*
 * The back office's charts (recharts), loaded only when a chart is on screen (React.lazy in
 * LazyMoneyChart). Each has a text alternative; the figures are also in the tables beside them.
 */

const SERIES: { key: string; label: string; color: string }[] = [
  { key: 'paidInCents', label: 'Paid in', color: '#b197fc' },
  { key: 'givenToArtistsCents', label: 'Into escrow', color: '#ffd43b' },
  { key: 'releasedCents', label: 'Released', color: '#63e6be' },
  { key: 'transferredCents', label: 'Transferred', color: '#74c0fc' },
  { key: 'paidOutCents', label: 'Paid out', color: '#ff8787' },
];

const dollars = (cents: number) => formatMoney(cents);

/** Daily money per family (`dashboard/financial`). */
export function DailyMoneyChart({ series }: { series: Record<string, number | string>[] }) {
  return (
    <div role="img" aria-label={`Money per day over ${series.length} day(s): paid in, into escrow, released, transferred and paid out`} style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer>
        <BarChart data={series} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#3b2f5c" />
          <XAxis dataKey="day" stroke="#c9c1e0" fontSize={12} />
          <YAxis stroke="#c9c1e0" fontSize={12} tickFormatter={(value: number) => dollars(value)} width={80} />
          <Tooltip formatter={(value) => dollars(Number(value))} contentStyle={{ background: '#1c1230', border: '1px solid #4c3a80' }} />
          <Legend />
          {SERIES.map((entry) => (
            <Bar key={entry.key} dataKey={entry.key} name={entry.label} fill={entry.color} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Where the money went (`transactions/flow`): each step as a bar. */
export function MoneyFlowChart({ links }: { links: { from: string; to: string; cents: number }[] }) {
  const data = links.map((link) => ({ step: `${link.from} → ${link.to}`, cents: link.cents }));
  return (
    <div role="img" aria-label={`Where the money went: ${links.map((link) => `${link.from} to ${link.to} ${dollars(link.cents)}`).join(', ')}`} style={{ width: '100%', height: 320 }}>
      <ResponsiveContainer>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#3b2f5c" />
          <XAxis type="number" stroke="#c9c1e0" fontSize={12} tickFormatter={(value: number) => dollars(value)} />
          <YAxis type="category" dataKey="step" stroke="#c9c1e0" fontSize={12} width={220} />
          <Tooltip formatter={(value) => dollars(Number(value))} contentStyle={{ background: '#1c1230', border: '1px solid #4c3a80' }} />
          <Bar dataKey="cents" name="Amount" fill="#b197fc" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

