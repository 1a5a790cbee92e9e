import { formatUsd, type MaskedCount } from '#pie/contracts';

/**
 * The app's one set of display formats: numbers, dates, times and durations, in the fan's
 * locale (the browser's language) through `Intl`; the words around them are English.
 */
const LOCALE = typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en';

/**
 * A formatter made on its first use, then kept: each `Intl` constructor loads its locale data,
 * which costs milliseconds on a phone, so a page pays only for the formats it shows.
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const numberFormat = lazily(() => new Intl.NumberFormat(LOCALE));
const dateTimeFormat = lazily(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }));
const dateFormat = lazily(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' }));
const dayFormat = lazily(() => new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' }));
const longDayFormat = lazily(
  () => new Intl.DateTimeFormat(LOCALE, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
);

/**
 * Integer cents as US dollars in the reader's locale: 125000 → "$1,250.00", −841 → "−$8.41" (the
 * Unicode minus). The same formatter as the statement PDF's (`formatUsd` in contracts).
 */
export function formatMoney(cents: number): string {
  return formatUsd(cents, LOCALE);
}

export function formatNumber(value: number): string {
  return numberFormat().format(value);
}

const pluralRules = lazily(() => new Intl.PluralRules('en'));

/**
 * A count with its noun in the right form, through `Intl.PluralRules`: "1 new play",
 * "2 new plays", "0 plays". `forms` names the noun for each plural category the language uses.
 */
export function formatCount(value: number, forms: { one: string; other: string }): string {
  const category = pluralRules().select(value);
  return `${formatNumber(value)} ${category === 'one' ? forms.one : forms.other}`;
}

/** A count the API may mask ('fewer than 5', issue 31): "fewer than 5 fans", or the counted noun. */
export function formatMaskedCount(value: MaskedCount, forms: { one: string; other: string }): string {
  return typeof value === 'string' ? `${value} ${forms.other}` : formatCount(value, forms);
}

/** The nouns the app counts, in both forms. */
export const NOUNS = {
  play: { one: 'play', other: 'plays' },
  newPlay: { one: 'new play', other: 'new plays' },
  artist: { one: 'artist', other: 'artists' },
  track: { one: 'track', other: 'tracks' },
  fan: { one: 'fan', other: 'fans' },
  listener: { one: 'listener', other: 'listeners' },
  country: { one: 'country', other: 'countries' },
  day: { one: 'day', other: 'days' },
  row: { one: 'row', other: 'rows' },
  code: { one: 'code', other: 'codes' },
} as const;

/** Listened time for people: "3 h 25 min", "42 min", "under a minute", "0 min". */
export function formatListened(ms: number): string {
  if (ms <= 0) return '0 min';
  const totalMinutes = Math.floor(ms / 60_000);
  if (totalMinutes === 0) return 'under a minute';
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  if (minutes === 0) return `${formatNumber(hours)} h`;
  return `${formatNumber(hours)} h ${minutes} min`;
}

/** A play's length: "3:07". */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const ss = String(seconds % 60).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes % 60).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat().format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateFormat().format(new Date(iso));
}

/** A day of the daily chart (YYYY-MM-DD, the fan's local day; formatted as written): "Jan 31". */
export function formatDay(day: string): string {
  return dayFormat().format(new Date(`${day}T00:00:00Z`));
}

/** A day of the daily chart in full: "Saturday, January 31, 2026". */
export function formatLongDay(day: string): string {
  return longDayFormat().format(new Date(`${day}T00:00:00Z`));
}

const regionNames = lazily(() => (typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null));

/** An ISO 3166-1 alpha-2 code as a country name ("DE" → "Germany"); the code when unknown. */
export function countryName(code: string): string {
  try {
    return regionNames()?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "Ada Lovelace", or "a Pie fan" for a fan without a username. */
export function fanName(username: string | null | undefined): string {
  return username?.trim() ? username : 'A Pie fan';
}
