/** Cents as US dollars: 1250 → "$12.50". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Listened milliseconds in words: "3 h 20 min", "45 min", "under a minute". */
export function formatListened(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export const REASON_LABEL: Record<string, string> = {
  banned: 'Banned by you',
  excluded: 'Excluded by you',
  no_listening: 'No listening this period',
  not_active: 'Not active',
  over_limit: 'Over your artist limit',
};

/**
 * What a payment of `cents` leaves for the artists after Stripe's card fee (2.9% + 30¢) and Pie's
 * platform fee (10%), shown before paying. Integer cents, rounded as the server rounds (half up).
 */
export function feePreview(cents: number, platformFeeBps = 1000): { processorFeeCents: number; platformFeeCents: number; netCents: number } {
  const processorFeeCents = Math.round((cents * 29) / 1000) + 30;
  const platformFeeCents = Math.round((cents * platformFeeBps) / 10_000);
  return { processorFeeCents, platformFeeCents, netCents: Math.max(0, cents - processorFeeCents - platformFeeCents) };
}

/** "12.50" → 1250, or null (digits and a decimal point only, never float arithmetic). */
export function dollarsToCents(value: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
