import type { DailyListening } from '#pie/contracts';
import { formatDay, formatListened, formatCount, NOUNS } from '@web/shared/format';

const hoursOf = (ms: number) => ms / 3_600_000;

/** Room for the axes' labels around the plot, in px. */
export const CHART_MARGIN = { top: 8, right: 8, bottom: 28, left: 48 } as const;
/** Day labels closer than this would overlap. */
const MIN_LABEL_SPACING = 56;
/** Half a day label's width at the axis' 12 px ("Nov 23"). */
const HALF_LABEL_WIDTH = 22;

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  /** What a pointer over the bar shows: "Jan 31: 2 h 5 min · 41 plays". */
  title: string;
}

export interface ChartTick {
  position: number;
  label: string;
  /** How the label sits on its position: centred, or ending there when centring would overflow the chart. */
  anchor?: 'middle' | 'end';
}

export interface DailyChartLayout {
  bars: ChartBar[];
  /** Horizontal grid lines with their hour labels, bottom (0 h) to top. */
  yTicks: ChartTick[];
  /** Day labels under the bars, thinned so they never overlap. */
  xTicks: ChartTick[];
  plot: { left: number; top: number; right: number; bottom: number };
}

/** A round step (1, 2 or 5 × 10ⁿ) that cuts 0…max into at most `count` parts. */
export function niceStep(max: number, count: number): number {
  if (max <= 0) return 1;
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough);
  return step ?? 10 * magnitude;
}

function hoursLabel(hours: number): string {
  return `${Number(hours.toFixed(2))} h`;
}

/** Where every bar, grid line and label of the daily chart goes, for a plot of `width` × `height`. */
export function dailyChartLayout(days: readonly DailyListening[], width: number, height: number): DailyChartLayout {
  const plot = {
    left: CHART_MARGIN.left,
    top: CHART_MARGIN.top,
    right: Math.max(CHART_MARGIN.left, width - CHART_MARGIN.right),
    bottom: Math.max(CHART_MARGIN.top, height - CHART_MARGIN.bottom),
  };
  const plotHeight = plot.bottom - plot.top;
  const maxHours = Math.max(0, ...days.map((day) => hoursOf(day.listened_ms)));
  const step = niceStep(maxHours, 4);
  const top = Math.max(step, Math.ceil(maxHours / step) * step);
  const yOf = (hours: number) => plot.bottom - (hours / top) * plotHeight;

  const yTicks: ChartTick[] = [];
  for (let hours = 0; hours <= top + step / 1000; hours += step) yTicks.push({ position: yOf(hours), label: hoursLabel(hours) });

  const slot = days.length > 0 ? (plot.right - plot.left) / days.length : 0;
  const barWidth = Math.max(1, slot * 0.7);
  const bars = days.map((day, index) => {
    const y = yOf(hoursOf(day.listened_ms));
    return {
      x: plot.left + index * slot + (slot - barWidth) / 2,
      y,
      width: barWidth,
      height: plot.bottom - y,
      title: `${formatDay(day.date)}: ${formatListened(day.listened_ms)} · ${formatCount(day.plays, NOUNS.play)}`,
    };
  });

  const every = Math.max(1, Math.ceil(MIN_LABEL_SPACING / Math.max(slot, 1)));
  const xTicks = days.flatMap((day, index): ChartTick[] => {
    // Counted from the newest day, so today always has its label.
    if ((days.length - 1 - index) % every !== 0) return [];
    const centre = plot.left + index * slot + slot / 2;
    const label = formatDay(day.date);
    return [centre + HALF_LABEL_WIDTH > width ? { position: plot.right, label, anchor: 'end' } : { position: centre, label, anchor: 'middle' }];
  });
  return { bars, yTicks, xTicks, plot };
}
