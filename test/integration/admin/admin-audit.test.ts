import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { enableStripe, intoEscrow, verifyClaim } from '../payouts/payouts-fixtures.js';

/*
 * Issue 27, finding 6: an admin action is audited in the same transaction as its effect, per item
 * where it acts on many. `escrow/process-payouts` releases escrow artist by artist: each release
 * and its audit row commit together, so a failure part-way leaves no release unaudited (and no
 * audit row for a release that did not happen).
 */
describe('admin actions audited with their effect', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let admin: Record<string, string>;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'admin-audit', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '100000' } });
    sql = openSql(platform.database.url);
    admin = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;
  }, 120_000);
  afterAll(async () => {
    await sql?.query(`drop trigger if exists fail_second_release on admin.audit_log`).catch(() => undefined);
    await sql?.close();
    await platform?.close();
  });

  const releasedCents = async (artistId: string) =>
    Number(await sql.value(`select coalesce(sum(p.amount_cents), 0) from ledger.postings p join ledger.journals j on j.id = p.journal_id where j.kind = 'escrow_released' and p.account = $1`, [`artist_escrow:${artistId}`]));
  const auditedReleases = async (artistId: string) => Number(await sql.value(`select count(*)::int from admin.audit_log where action = 'escrow.released' and target_id = $1`, [artistId]));

  it('process-payouts audits each release in its own transaction: a failure part-way leaves nothing unaudited', async () => {
    const office = await officeAdmin(platform, sql, 'Audited Office');
    await enableStripe(platform, sql, office);
    const [first, second] = [await makeCatalogueArtist(sql, 'Audited One'), await makeCatalogueArtist(sql, 'Audited Two')];
    for (const artist of [first, second]) await verifyClaim(platform, office, artist);
    // The worker releases escrow when a claim is verified; once it has run for both claims (with
    // nothing to release), money that arrives is released by process-payouts alone.
    await eventually('the claim-verified release to have run for both artists', async () =>
      Number(await sql.value(`select count(*)::int from platform.inbox where consumer = 'payouts.release-escrow-on-claim-verified'`)) === 2);
    await intoEscrow(platform, first.id, 700);
    await intoEscrow(platform, second.id, 900);

    // The audit row of the second artist's release cannot be written: that release must not happen either.
    await sql.query(`create or replace function admin.fail_second_release() returns trigger language plpgsql as $$
      begin if new.action = 'escrow.released' and new.target_id = '${second.id}' then raise exception 'audit storage failed'; end if; return new; end $$`);
    await sql.query(`create trigger fail_second_release before insert on admin.audit_log for each row execute function admin.fail_second_release()`);
    const failed = await platform.request('POST', '/api/admin/escrow/process-payouts', { cookies: admin });
    expect(failed.status).toBe(500);
    expect(await releasedCents(second.id)).toBe(0);
    expect(await auditedReleases(second.id)).toBe(0);
    // Whatever was released before the failure is audited, and nothing else is.
    expect(await auditedReleases(first.id)).toBe((await releasedCents(first.id)) === -700 ? 1 : 0);

    await sql.query(`drop trigger fail_second_release on admin.audit_log`);
    const processed = await platform.request('POST', '/api/admin/escrow/process-payouts', { cookies: admin });
    expect(processed.status).toBe(200);
    for (const artist of [first, second]) expect(await auditedReleases(artist.id)).toBe(1);
    expect(await releasedCents(first.id)).toBe(-700);
    expect(await releasedCents(second.id)).toBe(-900);
    const row = await sql.query(`select admin_id, after from admin.audit_log where action = 'escrow.released' and target_id = $1`, [second.id]);
    expect(row[0]!.after).toEqual({ officeId: office.officeId, cents: 900 });
    await eventually('the summary row', async () => Number(await sql.value(`select count(*)::int from admin.audit_log where action = 'escrow.payouts-processed'`)) >= 1);
  });
});
