import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin, type CatalogueArtist } from '../claims/artist-area-fixtures.js';
import { intoEscrow, verifyClaim } from '../payouts/payouts-fixtures.js';
import { DAY, fundWallet, makePie } from '../pies/pies-fixtures.js';

/**
 * The back office's artist and fan lists (issue 30 item 6) are one statement each: listening,
 * escrow, claims, live pies, wallets and the admin's own CRM joined, filtered, sorted and paged in
 * the database. Each filter and order is checked against what the owning module knows, and the
 * pages of a filtered list add up to its total without overlap.
 */
describe('the admin artist and fan lists', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let admin: Record<string, string>;
  let artists: CatalogueArtist[];
  const prefix = 'Listed Artist';

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'admin-lists', stripe: true });
    sql = openSql(platform.database.url);
    admin = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;
    artists = [];
    for (let n = 0; n < 5; n++) artists.push(await makeCatalogueArtist(sql, `${prefix} ${n}`));
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const get = async (path: string) => {
    const response = await platform.request('GET', path, { cookies: admin });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { data: any[]; pagination: { total: number; page: number; limit: number } };
  };
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const listed = (query: string) => get(`/api/admin/artists?search=${encodeURIComponent(prefix)}&${query}`);

  /** `plays` days of listening by `fans` distinct fans, `msEach` per fan and day, `daysAgo` back. */
  async function listen(artist: CatalogueArtist, fans: string[], msEach: number, daysAgo: number): Promise<void> {
    for (const fanId of fans) {
      await sql.query(
        `insert into listening.fan_artist_days (fan_id, day, artist_id, plays, listened_ms, last_played_at)
         values ($1, current_date - $2::int, $3, 1, $4, now() - make_interval(days => $2::int))`,
        [fanId, daysAgo, artist.id, msEach],
      );
    }
  }

  it('filters artists by escrow, CRM status and live pies, and orders them by escrow, fans and time listened', async () => {
    const fans = await Promise.all([1, 2, 3].map(() => makeAccount(sql, 'fan')));
    const [a0, a1, a2, a3, a4] = artists;
    // Escrow: a1 holds two fans' money, a3 one fan's; the rest none.
    await intoEscrow(platform, a1!.id, 300, { fanId: fans[0]!.id });
    await intoEscrow(platform, a1!.id, 200, { fanId: fans[1]!.id });
    await intoEscrow(platform, a3!.id, 900, { fanId: fans[2]!.id });
    // Listening: a2 has three fans within 28 days; a4 two fans, longer; a0 one fan 40 days ago only.
    await listen(a2!, fans.map((fan) => fan.id), 1_000, 3);
    await listen(a4!, [fans[0]!.id, fans[1]!.id], 60_000, 10);
    await listen(a0!, [fans[0]!.id], 500_000, 40);

    const byEscrow = await listed('sortBy=escrow&sortOrder=desc');
    expect(ids(byEscrow.data).slice(0, 2)).toEqual([a3!.id, a1!.id]);
    expect(byEscrow.data[1]).toMatchObject({ escrowCents: 500, escrowFans: 2, claimed: false, crmStatus: 'not_contacted' });
    expect(ids((await listed('moneyFilter=with_escrow&sortBy=escrow&sortOrder=asc')).data)).toEqual([a1!.id, a3!.id]);
    expect(ids((await listed('moneyFilter=without_escrow&sortBy=name&sortOrder=asc')).data)).toEqual([a0!.id, a2!.id, a4!.id]);

    const byFans = await listed('sortBy=fans&sortOrder=desc');
    expect(ids(byFans.data).slice(0, 2)).toEqual([a2!.id, a4!.id]);
    expect(byFans.data[0]).toMatchObject({ fans: 3, listenedMs: 3_000 });
    expect(ids((await listed('sortBy=listened&sortOrder=desc')).data)[0]).toBe(a4!.id);
    // A longer period reaches a0's old listening.
    const yearly = await listed('sortBy=listened&sortOrder=desc&period=365');
    expect(yearly.data[0]).toMatchObject({ id: a0!.id, fans: 1, listenedMs: 500_000 });

    // CRM: a row of the admin's own; no row means not contacted.
    expect((await platform.request('PUT', `/api/admin/artists/${a2!.id}/crm-status`, { cookies: admin, body: { crmStatus: 'in_conversation' } })).status).toBe(200);
    expect(ids((await listed('crmStatus=in_conversation')).data)).toEqual([a2!.id]);
    expect((await listed('crmStatus=not_contacted')).pagination.total).toBe(4);
    expect(ids((await listed('crmStatus=in_conversation&moneyFilter=with_escrow')).data)).toEqual([]);

    // Live pies: a4 is selected in a fan's active pie; a canceled pie's artists do not count.
    const live = await makePie(platform, fans[0]!.id, { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + 29 * DAY) });
    const over = await makePie(platform, fans[1]!.id, { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + 29 * DAY) });
    await sql.query(`update pies.pies set status = 'canceled' where id = $1`, [over.pieId]);
    const select = (periodId: string, artist: CatalogueArtist) =>
      sql.query(
        `insert into pies.period_artists (period_id, artist_id, artist_name, listened_ms, popularity, active, inclusion, banned, selected, reason, tilt, weight, share_cents)
         values ($1, $2, $3, 1000, 0, true, 'auto', false, true, null, 1, 1, 0)`,
        [periodId, artist.id, artist.name],
      );
    await select(live.periodId, a4!);
    await select(over.periodId, a3!);
    expect(ids((await listed('activePie=true')).data)).toEqual([a4!.id]);
    expect((await listed('activePie=false')).pagination.total).toBe(4);

    // The artist's page reads the same row.
    expect((await platform.request('GET', `/api/admin/artists/${a1!.id}`, { cookies: admin })).body.data).toMatchObject({ id: a1!.id, escrowCents: 500, escrowFans: 2 });
  });

  it('marks a claimed artist and pages a filtered list without overlap', async () => {
    const office = await officeAdmin(platform, sql, 'Lists Office');
    await verifyClaim(platform, office, artists[3]!);
    const claimed = (await listed('sortBy=name&sortOrder=asc')).data.find((row) => row.id === artists[3]!.id);
    expect(claimed).toMatchObject({ claimed: true, escrowCents: 900 });

    const seen: string[] = [];
    let total = 0;
    for (let page = 1; page <= 3; page++) {
      const body = await listed(`moneyFilter=without_escrow&sortBy=escrow&sortOrder=desc&limit=1&page=${page}`);
      total = body.pagination.total;
      seen.push(...ids(body.data));
    }
    expect(total).toBe(3);
    expect(new Set(seen).size).toBe(3);
    expect((await listed('moneyFilter=without_escrow&limit=1&page=4')).data).toEqual([]);
    expect((await listed('moneyFilter=without_escrow&limit=1&page=4')).pagination.total).toBe(3);
  });

  it('filters fans by a live pie and orders them by wallet (no wallet counts as zero)', async () => {
    const tag = `listed-fan-${Date.now()}`;
    const made = [];
    for (let n = 0; n < 3; n++) made.push(await makeAccount(sql, 'fan', { email: `${tag}-${n}@example.test` }));
    const [poor, rich, none] = made;
    await fundWallet(platform, poor!.id, 100, new Date());
    await fundWallet(platform, rich!.id, 5_000, new Date());
    await makePie(platform, rich!.id, { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + 29 * DAY) });

    const wallet = await get(`/api/admin/fans?search=${tag}&sortBy=wallet&sortOrder=desc`);
    expect(ids(wallet.data)).toEqual([rich!.id, poor!.id, none!.id]);
    expect(wallet.data.map((row) => [row.walletCents, row.livePie])).toEqual([
      [expect.any(Number), true],
      [expect.any(Number), false],
      [0, false],
    ]);
    expect(wallet.data[0].walletCents).toBeGreaterThan(wallet.data[1].walletCents);
    expect(ids((await get(`/api/admin/fans?search=${tag}&activePie=true`)).data)).toEqual([rich!.id]);
    expect(ids((await get(`/api/admin/fans?search=${tag}&activePie=false&sortBy=email&sortOrder=asc`)).data)).toEqual([poor!.id, none!.id]);
  });
});
