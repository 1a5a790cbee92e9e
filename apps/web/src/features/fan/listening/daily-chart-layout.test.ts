import type { DailyListening } from '#pie/contracts';
import { describe, expect, it } from 'vitest';
import { CHART_MARGIN, dailyChartLayout, niceStep } from './daily-chart-layout';

const HOUR = 3_600_000;
const day = (date: string, hours: number, plays = 10): DailyListening => ({ date, listened_ms: Math.round(hours * HOUR), plays });
const days = (count: number, hours: (index: number) => number) =>
  Array.from({ length: count }, (_, index) => day(`2026-11-${String(index + 1).padStart(2, '0')}`, hours(index)));

describe('the daily chart layout', () => {
  it('cuts the hour axis at round steps', () => {
    expect(niceStep(7, 4)).toBe(2);
    expect(niceStep(0.9, 4)).toBe(0.5);
    expect(niceStep(23, 4)).toBe(10);
    expect(niceStep(0, 4)).toBe(1);
  });

  it('draws each day as a bar whose height is its listening time on the axis', () => {
    const layout = dailyChartLayout([day('2026-11-01', 2), day('2026-11-02', 4), day('2026-11-03', 0)], 300, 240);
    const plotHeight = 240 - CHART_MARGIN.top - CHART_MARGIN.bottom;
    expect(layout.yTicks.map((tick) => tick.label)).toEqual(['0 h', '1 h', '2 h', '3 h', '4 h']);
    const [two, four, none] = layout.bars;
    expect(four!.height).toBeCloseTo(plotHeight);
    expect(two!.height).toBeCloseTo(plotHeight / 2);
    expect(none!.height).toBe(0);
    expect(two!.title).toBe('Nov 1: 2 h · 10 plays');
    // Left to right, inside the plot, none overlapping.
    expect(two!.x).toBeGreaterThanOrEqual(CHART_MARGIN.left);
    expect(four!.x).toBeGreaterThan(two!.x + two!.width);
    expect(none!.x + none!.width).toBeLessThanOrEqual(300 - CHART_MARGIN.right);
  });

  it('shows minutes of listening as a visible bar, not rounded away', () => {
    const layout = dailyChartLayout([day('2026-11-01', 2 / 60), day('2026-11-02', 0.1)], 300, 240);
    expect(layout.bars[0]!.height).toBeGreaterThan(0);
  });

  it('thins the day labels on a narrow screen and always labels the newest day', () => {
    const month = days(28, (index) => index % 5);
    const wide = dailyChartLayout(month, 2000, 240);
    const narrow = dailyChartLayout(month, 320, 240);
    expect(wide.xTicks).toHaveLength(28);
    expect(narrow.xTicks.length).toBeLessThan(8);
    expect(narrow.xTicks.at(-1)!.label).toBe('Nov 28');
    const gaps = narrow.xTicks.slice(1).map((tick, index) => tick.position - narrow.xTicks[index]!.position);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(56);
  });

  it("keeps the newest day's label inside the chart on a narrow screen", () => {
    const narrow = dailyChartLayout(days(28, () => 1), 320, 240);
    const newest = narrow.xTicks.at(-1)!;
    expect(newest).toMatchObject({ label: 'Nov 28', anchor: 'end' });
    expect(newest.position).toBeLessThanOrEqual(320);
    expect(narrow.xTicks[0]!.anchor).toBe('middle');
  });

  it('keeps a one-hour axis when nothing was played', () => {
    const layout = dailyChartLayout(days(7, () => 0), 400, 240);
    expect(layout.yTicks.map((tick) => tick.label)).toEqual(['0 h', '1 h']);
    expect(layout.bars.every((bar) => bar.height === 0)).toBe(true);
  });
});
