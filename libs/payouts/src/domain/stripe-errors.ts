/**
 * Whether Stripe said no for good (a 4xx about the request itself: a missing capability, an
 * insufficient balance) rather than "try again" (timeouts, connection errors, 5xx, rate limits, a
 * concurrent request with the same idempotency key).
 */
export function isPermanentStripeError(error: unknown): boolean {
  const e = error as { type?: string; statusCode?: number; code?: string } | null;
  if (!e || typeof e !== 'object') return false;
  // A bad key (401) is our configuration, not the request: retry once it is fixed.
  if (e.type === 'StripeIdempotencyError' || e.statusCode === 401 || e.statusCode === 409 || e.statusCode === 429) return false;
  return e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError' || (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500);
}

/**
 * Whether Stripe refused because the platform has no access to the connected account any more (it
 * deauthorized Pie, or is gone): 403 `account_invalid`, "… Application access may have been revoked."
 */
export function isAccessRevoked(error: unknown): boolean {
  const e = error as { statusCode?: number; code?: string } | null;
  return !!e && typeof e === 'object' && e.statusCode === 403 && e.code === 'account_invalid';
}
