/*
 * Pie settings and money limits shared by the api and the web (zod-free, so the web's forms can use
 * them without the schema library). Amounts on the wire are US dollars with at most two decimals,
 * parsed as decimals into integer cents (DESIGN §5): never `dollars * 100` on a float.
 */
export const PIE_AMOUNT_MIN_CENTS = 100;
export const PIE_AMOUNT_MAX_CENTS = 100_000;
export const PIE_DAYS = { min: 7, max: 90, default: 30 } as const;
export const ARTIST_LIMIT = { min: 1, max: 100, default: 20 } as const;
export const ARTIST_POPULARITY = { min: 0, max: 100, default: 0 } as const;
/** The free promotional pie: $5 once per fan, funded from promo_pool. */
export const PROMO_PIE_CENTS = 500;
export const WALLET_PAGE_SIZE = 20;
export const WALLET_MAX_PAGE_SIZE = 100;

const DOLLARS = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

/**
 * `"12.5"` or `12.5` → 1250. Returns an error message instead for anything that is not a plain
 * non-negative decimal with at most two decimals (no exponent, no sign, no thousands separators).
 */
export function parseDollarsToCents(value: unknown): { cents: number } | { error: string } {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { error: 'amount must be a number of dollars' };
    // The shortest decimal that round-trips: what the client typed (12.5 stays "12.5", 0.1 stays "0.1").
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { error: 'amount must be a number of dollars, such as 12.50' };
  }
  if (!DOLLARS.test(text)) {
    return { error: /\.\d{3,}$/.test(text) ? 'amount must have at most two decimals' : 'amount must be a number of dollars, such as 12.50' };
  }
  const [whole, fraction = ''] = text.split('.');
  return { cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}

/**
 * What is wrong with a typed pie amount ("12.50"), in words for the form, or undefined when it is
 * a valid amount between the limits. The api applies the same rules to `amount`.
 */
export function pieAmountError(value: unknown): string | undefined {
  const parsed = parseDollarsToCents(value);
  if ('error' in parsed) return parsed.error.replace(/^amount/, 'The amount');
  if (parsed.cents < PIE_AMOUNT_MIN_CENTS || parsed.cents > PIE_AMOUNT_MAX_CENTS) return 'The amount must be between $1.00 and $1,000.00';
  return undefined;
}

/** 1250 → "12.50" (integer arithmetic). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
