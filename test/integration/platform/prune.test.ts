import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PruneGrowingTablesHandler, QueueRegistry } from '#pie/platform';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';

/** Growing tables are pruned by a scheduled job: old rows go, live ones stay. */
describe('pruning growing tables', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'prune' });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it('is scheduled hourly on the admin queue', async () => {
    const schedulers = await platform.worker!.get(QueueRegistry).get('admin').getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, scheduler.pattern])).toContainEqual(['platform-prune-growing-tables', '17 * * * *']);
  });

  it('deletes old rate-limit windows, spent OAuth states, dead links and sessions, and old inbox rows; keeps the live ones', async () => {
    await sql.query(`insert into platform.rate_limits (key, window_started_at, hits) values ('old', now() - interval '2 days', 3), ('live', now(), 1)`);
    await sql.query(
      `insert into identity.oauth_states (state_hash, provider, purpose, code_verifier, expires_at)
       values ('old-state', 'google', 'fan-login', 'v', now() - interval '2 hours'), ('live-state', 'google', 'fan-login', 'v', now() + interval '5 minutes')`,
    );
    await sql.query(
      `insert into identity.email_tokens (token_hash, purpose, subject_id, expires_at, used_at)
       values ('old-token', 'fan-reset-password', gen_random_uuid(), now() - interval '2 days', null),
              ('used-token', 'fan-reset-password', gen_random_uuid(), now() + interval '1 hour', now() - interval '2 days'),
              ('live-token', 'fan-reset-password', gen_random_uuid(), now() + interval '1 hour', null)`,
    );
    await sql.query(
      `insert into identity.sessions (id, kind, subject_id, token_hash, expires_at, revoked_at, created_at)
       values (gen_random_uuid(), 'fan', gen_random_uuid(), 'old-session', now() - interval '40 days', null, now() - interval '70 days'),
              (gen_random_uuid(), 'fan', gen_random_uuid(), 'live-session', now() + interval '20 days', null, now())`,
    );
    await sql.query(
      `insert into platform.inbox (consumer, message_id, processed_at) values ('Old', gen_random_uuid(), now() - interval '40 days'), ('Live', gen_random_uuid(), now())`,
    );

    const removed = await platform.worker!.get(PruneGrowingTablesHandler).prune();
    expect(removed).toMatchObject({ 'platform.rate_limits': 1, 'identity.oauth_states': 1, 'identity.email_tokens': 2, 'identity.sessions': 1, 'platform.inbox': 1 });
    expect(await sql.value(`select string_agg(key, ',') from platform.rate_limits`)).toBe('live');
    expect(await sql.value(`select string_agg(state_hash, ',') from identity.oauth_states`)).toBe('live-state');
    expect(await sql.value(`select string_agg(token_hash, ',') from identity.email_tokens`)).toBe('live-token');
    expect(await sql.value(`select string_agg(token_hash, ',') from identity.sessions`)).toBe('live-session');
    expect(await sql.value(`select string_agg(consumer, ',') from platform.inbox`)).toBe('Live');
  });
});
