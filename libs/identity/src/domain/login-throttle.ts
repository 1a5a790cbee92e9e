import type { EntityManager } from '#pie/platform';
import type { SessionKind } from './session.entity.js';

/**
 * Wrong passwords for one account, counted in Postgres (so every api replica sees the same count).
 * Instead of locking the owner out, guessing gets slower after a few misses and then needs the captcha,
 * which a person passes and a script does not.
 */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const SLOW_DOWN_AFTER_FAILURES = 5;
export const CAPTCHA_AFTER_FAILURES = 10;
const MAX_DELAY_MS = 3_000;

const keyOf = (kind: SessionKind, email: string) => `login-failures:${kind}:${email.trim().toLowerCase().slice(0, 254)}`;

/** Recent wrong passwords for this account (0 once the window has passed). */
export async function recentLoginFailures(em: EntityManager, kind: SessionKind, email: string): Promise<number> {
  const [row] = await em.execute<{ hits: number }[]>(
    `select hits from platform.rate_limits where key = ? and window_started_at > now() - make_interval(secs => ?)`,
    [keyOf(kind, email), LOGIN_FAILURE_WINDOW_SECONDS],
  );
  return row?.hits ?? 0;
}

export async function recordLoginFailure(em: EntityManager, kind: SessionKind, email: string): Promise<void> {
  await em.execute(
    `insert into platform.rate_limits as r (key, window_started_at, hits) values (?, now(), 1)
     on conflict (key) do update set
       hits = case when r.window_started_at <= now() - make_interval(secs => ?) then 1 else r.hits + 1 end,
       window_started_at = case when r.window_started_at <= now() - make_interval(secs => ?) then now() else r.window_started_at end`,
    [keyOf(kind, email), LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_FAILURE_WINDOW_SECONDS],
  );
}

/** The owner got in: the count starts over. */
export async function clearLoginFailures(em: EntityManager, kind: SessionKind, email: string): Promise<void> {
  await em.execute(`delete from platform.rate_limits where key = ?`, [keyOf(kind, email)]);
}

/** How long to hold an attempt after `failures` misses: nothing at first, then doubling up to a few seconds. */
export function loginDelayMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 200 * 2 ** (failures - SLOW_DOWN_AFTER_FAILURES));
}
