import type { RateLimiter } from '#pie/platform';
import type { SessionKind } from './session.entity.js';

/**
 * Wrong passwords for one account, counted by the platform's RateLimiter (in Postgres, so every api
 * replica sees the same count).
 * Instead of locking the owner out, guessing gets slower after a few misses and then needs the captcha,
 * which a person passes and a script does not.
 */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const SLOW_DOWN_AFTER_FAILURES = 5;
export const CAPTCHA_AFTER_FAILURES = 10;
const MAX_DELAY_MS = 3_000;

const keyOf = (kind: SessionKind, email: string) => `login-failures:${kind}:${email.trim().toLowerCase().slice(0, 254)}`;

/** Recent wrong passwords for this account (0 once the window has passed). */
export function recentLoginFailures(limiter: RateLimiter, kind: SessionKind, email: string): Promise<number> {
  return limiter.hitsInWindow(keyOf(kind, email), LOGIN_FAILURE_WINDOW_SECONDS);
}

export async function recordLoginFailure(limiter: RateLimiter, kind: SessionKind, email: string): Promise<void> {
  // Counted in the platform's fixed window; no limit of its own (the count decides the delay and the captcha).
  await limiter.hit(keyOf(kind, email), Number.MAX_SAFE_INTEGER, LOGIN_FAILURE_WINDOW_SECONDS);
}

/** The owner got in: the count starts over. */
export async function clearLoginFailures(limiter: RateLimiter, kind: SessionKind, email: string): Promise<void> {
  await limiter.clear(keyOf(kind, email));
}

/** How long to hold an attempt after `failures` misses: nothing at first, then doubling up to a few seconds. */
export function loginDelayMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 200 * 2 ** (failures - SLOW_DOWN_AFTER_FAILURES));
}
