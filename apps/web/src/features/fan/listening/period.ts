/**
 * Periods the fan picks (history filter, report) are calendar days in the fan's own time zone,
 * `to` included. The API takes ISO timestamps with `to` exclusive, so a period is sent as the
 * start of `from` and the start of the day after `to`, both in local time.
 */

export interface DayPeriod {
  /** YYYY-MM-DD, local. */
  from: string;
  /** YYYY-MM-DD, local, included. */
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  const match = value ? DAY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The local calendar day of a moment. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function parseDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  date.setDate(date.getDate() + days);
  return localDay(date);
}

/** The start of a local day as an ISO timestamp (what the API reads). */
export function dayStartIso(day: string): string {
  return parseDay(day).toISOString();
}

/** A period as the API's `from` (inclusive) and `to` (exclusive) timestamps. */
export function periodToApi(period: DayPeriod): { from: string; to: string } {
  return { from: dayStartIso(period.from), to: dayStartIso(addDays(period.to, 1)) };
}

/** Days in a period, both ends included. */
export function periodLength(period: DayPeriod): number {
  return Math.round((parseDay(period.to).getTime() - parseDay(period.from).getTime()) / 86_400_000) + 1;
}

export type PresetId = 'last7' | 'last28' | 'last90' | 'thisYear';

export const PERIOD_PRESETS: ReadonlyArray<{ id: PresetId; label: string }> = [
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last28', label: 'Last 28 days' },
  { id: 'last90', label: 'Last 90 days' },
  { id: 'thisYear', label: 'This year' },
];

/** A preset's days, ending today. */
export function presetPeriod(id: PresetId, now: Date = new Date()): DayPeriod {
  const today = localDay(now);
  switch (id) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last28':
      return { from: addDays(today, -27), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisYear':
      return { from: `${now.getFullYear()}-01-01`, to: today };
  }
}

/** The preset a period equals today, if any. */
export function matchingPreset(period: DayPeriod, now: Date = new Date()): PresetId | null {
  return PERIOD_PRESETS.find(({ id }) => {
    const preset = presetPeriod(id, now);
    return preset.from === period.from && preset.to === period.to;
  })?.id ?? null;
}

/** Why a period cannot be used, or null. */
export function periodProblem(from: string | null, to: string | null): string | null {
  if (!isDay(from)) return 'Choose a start date.';
  if (!isDay(to)) return 'Choose an end date.';
  if (from > to) return 'The start date must be on or before the end date.';
  return null;
}
