/** The Unicode minus sign: a negative amount reads `−$8.41`, never with a hyphen. */
export const MINUS = '\u2212';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Integer cents as US dollars — the one money format of the web app, the statement PDF and the
 * mails: 125000 → "$1,250.00", −841 → "−$8.41" (a Unicode minus, whatever the locale writes).
 * `locale` picks the grouping and decimal marks (the web app passes the reader's); cents are divided
 * by 100 only here, for display.
 */
export function formatUsd(cents: number, locale = 'en-US'): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    formats.set(locale, format);
  }
  return format
    .formatToParts(cents / 100)
    .map((part) => (part.type === 'minusSign' ? MINUS : part.value))
    .join('');
}
