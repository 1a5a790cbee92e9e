import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, type CatalogueArtist } from '../claims/artist-area-fixtures.js';
import { intoEscrow } from '../payouts/payouts-fixtures.js';
import { DAY, makePie } from '../pies/pies-fixtures.js';

/** review30: bad input and edge cases of the admin artist and fan lists (never a 500). */
describe('admin lists: hostile and careless input', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let admin: Record<string, string>;
  let artists: CatalogueArtist[];

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'admin-lists-input', stripe: true });
    sql = openSql(platform.database.url);
    admin = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;
    artists = [];
    for (const name of ['Odd 100% Pure', 'Odd a_b', 'Odd back\\slash', "Odd O'Brien", 'Odd "Quoted"', 'Odd aXb']) artists.push(await makeCatalogueArtist(sql, name));
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const raw = (path: string) => platform.request('GET', path, { cookies: admin });
  const names = (body: any) => (body.data as { name: string }[]).map((row) => row.name).sort();
  const artistSearch = async (term: string) => {
    const response = await raw(`/api/admin/artists?search=${encodeURIComponent(term)}&sortBy=name&sortOrder=asc&limit=100`);
    return response;
  };

  it('takes %, _, \\ and quotes literally in the artist search', async () => {
    const cases: [string, string[]][] = [
      ['%', ['Odd 100% Pure']],
      ['_', ['Odd a_b']],
      ['\\', ['Odd back\\slash']],
      ["'", ["Odd O'Brien"]],
      ['"', ['Odd "Quoted"']],
      ['a_b', ['Odd a_b']],
    ];
    for (const [term, expected] of cases) {
      const response = await artistSearch(term);
      expect(response.status, `${term}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(names(response.body).filter((name) => name.startsWith('Odd')), term).toEqual(expected);
    }
  });

  it('answers 200 or a clear 400 for odd values, never a 500', async () => {
    const paths = [
      `/api/admin/artists?search=${'x'.repeat(100)}`,
      `/api/admin/artists?search=${'x'.repeat(101)}`,
      `/api/admin/artists?search=%00`,
      `/api/admin/artists?search=a%00b`,
      `/api/admin/fans?search=%00`,
      `/api/admin/fans?search=${encodeURIComponent('%_\\\'"')}`,
      `/api/admin/artists?search=%F0%9F%8E%B5`,
      `/api/admin/artists?search=%C3%28`,
      `/api/admin/artists?search=   `,
      `/api/admin/artists?page=100000&limit=100`,
      `/api/admin/artists?page=100001`,
      `/api/admin/artists?page=0`,
      `/api/admin/artists?page=-1`,
      `/api/admin/artists?page=1.5`,
      `/api/admin/artists?page=1e3`,
      `/api/admin/artists?page=`,
      `/api/admin/artists?limit=0`,
      `/api/admin/artists?limit=101`,
      `/api/admin/artists?limit=abc`,
      `/api/admin/artists?period=0`,
      `/api/admin/artists?period=3650`,
      `/api/admin/artists?period=3651`,
      `/api/admin/artists?period=99999999999999999999`,
      `/api/admin/artists?sortBy=given`,
      `/api/admin/artists?sortBy=escrow;drop`,
      `/api/admin/artists?sortOrder=DESC`,
      `/api/admin/artists?sortBy=name&sortBy=fans`,
      `/api/admin/artists?search=a&search=b`,
      `/api/admin/artists?unknown=1`,
      `/api/admin/artists?crmStatus=nope`,
      `/api/admin/artists?moneyFilter=some`,
      `/api/admin/artists?activePie=yes`,
      `/api/admin/artists?activePie=false&moneyFilter=with_escrow&crmStatus=not_contacted&sortBy=fans&sortOrder=asc&period=1&search=Odd`,
      `/api/admin/artists?activePie=true&moneyFilter=without_escrow&crmStatus=declined&sortBy=listened`,
      `/api/admin/artists/not-a-uuid`,
      `/api/admin/artists/00000000-0000-0000-0000-000000000000`,
      `/api/admin/fans?page=100000&limit=100&sortBy=wallet`,
      `/api/admin/fans?sortBy=wallet&sortOrder=asc&activePie=false`,
      `/api/admin/fans?sortBy=name&activePie=true&search=@`,
      `/api/admin/fans?moneyFilter=all`,
      `/api/admin/fans?period=28`,
    ];
    const seen: string[] = [];
    for (const path of paths) {
      const response = await raw(path);
      const body = response.body as any;
      seen.push(`${response.status} ${path.slice(0, 90)} ${response.status === 200 ? `total=${body.pagination?.total ?? '-'} n=${Array.isArray(body.data) ? body.data.length : 'obj'}` : JSON.stringify(body).slice(0, 160)}`);
    }
    for (const line of seen) expect(line.startsWith('5'), line).toBe(false);
  });

  it('lists an artist once however many live pies and periods select them, and a fan once however many live pies', async () => {
    const target = artists[0]!;
    const fans = await Promise.all([1, 2].map(() => makeAccount(sql, 'fan')));
    for (const fan of fans) {
      const pie = await makePie(platform, fan.id, { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + 29 * DAY) });
      await sql.query(
        `insert into pies.period_artists (period_id, artist_id, artist_name, listened_ms, popularity, active, inclusion, banned, selected, reason, tilt, weight, share_cents)
         values ($1, $2, $3, 1000, 0, true, 'auto', false, true, null, 1, 1, 0)`,
        [pie.periodId, target.id, target.name],
      );
    }
    await intoEscrow(platform, target.id, 100, { fanId: fans[0]!.id });
    await intoEscrow(platform, target.id, 50, { fanId: fans[1]!.id });
    const body = (await raw(`/api/admin/artists?search=${encodeURIComponent('100%')}&activePie=true`)).body as any;
    expect(body.pagination.total).toBe(1);
    expect(body.data[0]).toMatchObject({ id: target.id, escrowCents: 150, escrowFans: 2 });
    const all = (await raw(`/api/admin/artists?search=Odd&limit=100`)).body as any;
    expect(all.pagination.total).toBe(artists.length);
    expect(new Set(all.data.map((row: any) => row.id)).size).toBe(artists.length);
    // The artist's page, and an artist nobody knows.
    expect((await raw(`/api/admin/artists/${target.id}`)).body.data).toMatchObject({ escrowCents: 150, escrowFans: 2, fans: 0, listenedMs: 0, claimed: false });
    expect((await raw(`/api/admin/artists/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('lists deleted fans too, with their wallet, once', async () => {
    const tag = `gone-${Date.now()}`;
    const fan = await makeAccount(sql, 'fan', { email: `${tag}@example.test` });
    await sql.query(`update identity.fans set deleted_at = now() where id = $1`, [fan.id]);
    const body = (await raw(`/api/admin/fans?search=${tag}`)).body as any;
    expect(body.pagination.total).toBe(1);
  });
});
