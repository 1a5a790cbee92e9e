import type { DailyListening } from '#pie/contracts';
import { useEffect, useRef, useState } from 'react';
import { dailyChartLayout } from '../daily-chart-layout';

/** The chart's fixed height: the space is kept from the first paint, so nothing below it moves. */
export const DAILY_CHART_HEIGHT = 240;

/**
 * The element's width, followed as it resizes (0 until laid out). Read from ResizeObserver's
 * entries, which come after layout: reading clientWidth during render would force one.
 */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const axisText = { fill: 'var(--mantine-color-dark-1)', fontSize: 12 } as const;

/**
 * The daily listening bars, drawn as plain SVG (a charting library would be most of the
 * dashboard's JavaScript). The picture is one image to assistive technology, named by `label`;
 * the table beside it carries the figures. A pointer over a bar shows its day's figures.
 */
export function DailyListeningChart({ days, label }: { days: readonly DailyListening[]; label: string }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const layout = width > 0 ? dailyChartLayout(days, width, DAILY_CHART_HEIGHT) : null;
  return (
    <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height: DAILY_CHART_HEIGHT }}>
      {layout && (
        <svg width={width} height={DAILY_CHART_HEIGHT} aria-hidden="true" focusable="false" data-testid="daily-chart">
          {layout.yTicks.map((tick) => (
            <g key={tick.label}>
              <line
                x1={layout.plot.left}
                x2={layout.plot.right}
                y1={tick.position}
                y2={tick.position}
                stroke="var(--mantine-color-dark-4)"
                strokeDasharray={tick.position === layout.plot.bottom ? undefined : '3 3'}
              />
              <text x={layout.plot.left - 8} y={tick.position} textAnchor="end" dominantBaseline="middle" {...axisText}>
                {tick.label}
              </text>
            </g>
          ))}
          {layout.bars.map((bar) => (
            <rect key={bar.title} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={Math.min(4, bar.width / 2)} fill="var(--mantine-color-pie-5)">
              <title>{bar.title}</title>
            </rect>
          ))}
          {layout.xTicks.map((tick) => (
            <text key={tick.label} x={tick.position} y={layout.plot.bottom + 18} textAnchor={tick.anchor ?? 'middle'} {...axisText}>
              {tick.label}
            </text>
          ))}
        </svg>
      )}
    </div>
  );
}
