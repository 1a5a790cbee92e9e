import type { FanArtist, FanTrack } from '#pie/contracts';
import type { DayPeriod } from './period';

export type CsvValue = string | number | null | undefined;

/** Text a spreadsheet would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text that starts like a formula gets a leading apostrophe so a spreadsheet shows it as text.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text, CRLF between records (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export interface ReportTotals {
  plays: number;
  listenedMs: number;
  artists: number;
  tracks: number;
}

export interface ListeningReport {
  period: DayPeriod;
  totals: ReportTotals;
  /** Most listened first. */
  artists: readonly FanArtist[];
  /** Most played first. */
  tracks: readonly FanTrack[];
}

export const REPORT_CSV_HEADER = ['Type', 'Rank', 'Name', 'Artists', 'Plays', 'Listened minutes', 'Listened ms'] as const;

const minutes = (ms: number) => Math.round(ms / 6_000) / 10;

/**
 * The report as one table: a header row, a `Total` row for the whole period, then the top artists
 * and the top tracks with their rank. Built in the browser from the API's figures.
 */
export function reportCsv(report: ListeningReport): string {
  const { period, totals } = report;
  const rows: CsvValue[][] = [
    [...REPORT_CSV_HEADER],
    [
      'Total',
      null,
      `All listening ${period.from} to ${period.to}`,
      `${totals.artists} artists, ${totals.tracks} tracks`,
      totals.plays,
      minutes(totals.listenedMs),
      totals.listenedMs,
    ],
    ...report.artists.map((artist, index) => ['Artist', index + 1, artist.name, null, artist.plays, minutes(artist.listened_ms), artist.listened_ms]),
    ...report.tracks.map((item, index) => [
      'Track',
      index + 1,
      item.track.name,
      item.track.artists.map((artist) => artist.name).join('; '),
      item.plays,
      minutes(item.listened_ms),
      item.listened_ms,
    ]),
  ];
  return toCsv(rows);
}

export function reportFileName(period: DayPeriod): string {
  return `pie-listening-report-${period.from}-to-${period.to}.csv`;
}
