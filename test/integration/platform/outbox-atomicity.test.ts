import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FanRegistered } from '#pie/identity';
import { TestPlatform } from '../../support/test-platform.js';
import { makeFanRegistration } from '../../support/factories.js';
import { openSql, type Sql } from '../../support/sql.js';

// DESIGN §4: a command's change and its event are written in one transaction. Here the database
// itself fails the sign-up (a trigger in this file's own database, no mocks) after one of its two
// rows has been written: at commit, or on whichever insert comes second. Neither row may remain,
// the client learns nothing of why, and the same sign-up succeeds once the database recovers.

let platform: TestPlatform;
let sql: Sql;

beforeAll(async () => {
  // No worker: the outbox rows stay where the API wrote them.
  platform = await TestPlatform.start({ label: 'outbox-atomicity', worker: false });
  sql = openSql(platform.database.url);
  // Counts, outside any transaction (a sequence ignores rollbacks), how often the failing trigger
  // found the other row of the sign-up already written in the same transaction.
  await sql.query(`create sequence public.other_row_seen_by_failing_trigger`);
  await sql.query(`
    create function public.refuse_sign_up_row() returns trigger language plpgsql as $$
    declare
      other_row_written boolean;
    begin
      if tg_table_name = 'outbox' then
        other_row_written := exists (select 1 from identity.fans where id::text = to_jsonb(new) -> 'payload' ->> 'fanId');
      else
        other_row_written := exists (select 1 from platform.outbox where payload ->> 'fanId' = to_jsonb(new) ->> 'id');
      end if;
      if other_row_written then
        perform nextval('public.other_row_seen_by_failing_trigger');
      end if;
      raise exception 'refusing % row (injected by the test)', tg_table_name;
    end $$`);
});
afterEach(async () => {
  await sql.query(`drop trigger if exists refuse_sign_up_row on platform.outbox`);
  await sql.query(`drop trigger if exists refuse_sign_up_row on identity.fans`);
  await sql.query(`delete from platform.outbox`);
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
});

async function fanRows(email: string) {
  return sql.query<{ id: string; email: string }>(`select id, email from identity.fans where email = $1`, [email]);
}
async function outboxRows() {
  return sql.query<{ job_name: string; payload: Record<string, unknown> }>(`select job_name, payload from platform.outbox`);
}
async function timesTheOtherRowWasSeen(): Promise<number> {
  const [{ last_value, is_called }] = await sql.query(`select last_value, is_called from public.other_row_seen_by_failing_trigger`);
  return is_called ? Number(last_value) : 0;
}

/** Registers while `trigger` makes the database fail; expects a plain 500 and no trace of the sign-up. */
async function registerWhileFailing(createTrigger: string, dropTrigger: string): Promise<Record<string, unknown>> {
  const registration = makeFanRegistration();
  await sql.query(createTrigger);
  const failed = await platform.request('POST', '/api/auth/register', { body: registration });
  expect(failed.status).toBe(500);
  // The client learns nothing of the insides (no SQL, no trigger text, no stack).
  expect(failed.body).toEqual({ success: false, statusCode: 500, code: 'internal-error', message: 'Something went wrong on our side' });
  expect(await fanRows(registration.email as string)).toEqual([]);
  expect(await outboxRows()).toEqual([]);
  await sql.query(dropTrigger);
  return registration;
}

/** Once the database accepts writes again, the same sign-up succeeds: one fan, one event. */
async function expectRetrySucceeds(registration: Record<string, unknown>): Promise<void> {
  const retried = await platform.request('POST', '/api/auth/register', { body: registration });
  expect(retried.status).toBe(201);
  const fans = await fanRows(registration.email as string);
  expect(fans).toHaveLength(1);
  expect(await outboxRows()).toEqual([
    { job_name: FanRegistered.name, payload: expect.objectContaining({ fanId: fans[0].id, email: registration.email }) },
  ]);
}

describe('registering a fan when the database fails mid-transaction', () => {
  it('keeps neither the fan nor the event when the outbox row fails at commit, after both rows were written', async () => {
    const seenBefore = await timesTheOtherRowWasSeen();
    const registration = await registerWhileFailing(
      `create constraint trigger refuse_sign_up_row after insert on platform.outbox
         deferrable initially deferred for each row execute function public.refuse_sign_up_row()`,
      `drop trigger refuse_sign_up_row on platform.outbox`,
    );
    // The failure came after the fan's row had been written in that transaction: the rollback took it away.
    expect(await timesTheOtherRowWasSeen()).toBe(seenBefore + 1);
    await expectRetrySucceeds(registration);
  });

  it('keeps neither when either insert fails, whichever of the two rows is written second', async () => {
    const seenBefore = await timesTheOtherRowWasSeen();
    for (const table of ['platform.outbox', 'identity.fans']) {
      const registration = await registerWhileFailing(
        `create trigger refuse_sign_up_row before insert on ${table} for each row execute function public.refuse_sign_up_row()`,
        `drop trigger refuse_sign_up_row on ${table}`,
      );
      await expectRetrySucceeds(registration);
      await sql.query(`delete from platform.outbox`);
    }
    // Exactly one of the two failures happened after the other row had been written.
    expect(await timesTheOtherRowWasSeen()).toBe(seenBefore + 1);
  });
});
