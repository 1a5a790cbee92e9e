import type { DailyListening } from '#pie/contracts';
import { useReducedMotion } from '@mantine/hooks';
import { useLayoutEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, hoursOf } from '../format';

const HEIGHT = 240;

/** The element's width, followed as it resizes (0 until laid out). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The daily listening bars (recharts, loaded lazily with this module). The picture is one image
 * to assistive technology, named by `label`; the table beside it carries the figures.
 */
export default function DailyListeningChart({ days, label }: { days: readonly DailyListening[]; label: string }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const reduceMotion = useReducedMotion();
  const rows = days.map((day) => ({ day: formatDay(day.date), hours: hoursOf(day.listened_ms), plays: day.plays }));
  const tick = { fill: 'var(--mantine-color-dark-1)', fontSize: 12 };
  return (
    <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height: HEIGHT }}>
      {width > 0 && (
        <BarChart width={width} height={HEIGHT} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-dark-4)" vertical={false} />
          <XAxis dataKey="day" tick={tick} interval="preserveStartEnd" minTickGap={16} stroke="var(--mantine-color-dark-3)" />
          <YAxis tick={tick} unit=" h" width={56} allowDecimals stroke="var(--mantine-color-dark-3)" />
          <Tooltip
            cursor={{ fill: 'rgba(124, 58, 237, 0.15)' }}
            contentStyle={{ background: 'var(--mantine-color-dark-7)', border: '1px solid var(--mantine-color-dark-4)', borderRadius: 8 }}
            labelStyle={{ color: 'var(--mantine-color-dark-0)' }}
            formatter={(value, _name, item) => [`${String(value)} h · ${String((item?.payload as { plays?: number } | undefined)?.plays ?? 0)} plays`, 'Listened']}
          />
          <Bar dataKey="hours" name="Hours listened" fill="var(--mantine-color-pie-5)" radius={[4, 4, 0, 0]} isAnimationActive={!reduceMotion} />
        </BarChart>
      )}
    </div>
  );
}
