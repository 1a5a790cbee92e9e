import type { EntityManager } from '#pie/platform';

/**
 * The provider's rate limit applies to the whole app, so one 429 pauses every call to it (every
 * worker, every fan) until its Retry-After has passed.
 */
export async function cooldownRemainingMs(em: EntityManager, provider: string): Promise<number> {
  const [row] = await em.execute<{ remaining: string | null }[]>(
    `select ceil(extract(epoch from (until - clock_timestamp())) * 1000) as remaining from listening.provider_cooldowns where provider = ?`,
    [provider],
  );
  return Math.max(0, Number(row?.remaining ?? 0));
}

export async function startCooldown(em: EntityManager, provider: string, durationMs: number): Promise<void> {
  await em.execute(
    `insert into listening.provider_cooldowns as c (provider, until) values (?, clock_timestamp() + make_interval(secs => ?))
     on conflict (provider) do update set until = greatest(c.until, excluded.until)`,
    [provider, durationMs / 1000],
  );
}
