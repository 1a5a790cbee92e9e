/*
 * How mails write money and dates: as the app shows them ("$1,250.00", "−$8.41", "Oct 1, 2026"),
 * dates in UTC so a mail reads the same wherever its worker runs.
 */

/** Integer cents as US dollars with thousands separators; a negative amount takes a minus sign (U+2212). */
export function formatUsd(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`formatUsd takes integer cents, got ${cents}`);
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${cents < 0 ? '\u2212' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Oct 1, 2026". */
export function formatDay(date: Date | string): string {
  return dayFormat.format(new Date(date));
}

/** "Oct 1, 2026 – Oct 30, 2026": a period's first and last day (it ends at the start of `end`). */
export function formatPeriod(start: Date | string, end: Date | string): string {
  const lastDay = new Date(new Date(end).getTime() - 1);
  return `${formatDay(start)} – ${formatDay(lastDay)}`;
}

/** Text from outside Pie (an artist's catalogue name) on one line, without control characters. */
export function oneLine(text: string, maxLength = 120): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength);
}
