import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_INVITATION_SUBJECT } from '#pie/notifications/testing';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, makeClaim, officeAdmin, signedInArtist } from '../claims/artist-area-fixtures.js';

/*
 * Issue 27, findings 2 and 3: what one signed-in person can make Pie do on their behalf (mail from
 * Pie's own sender, pages fetched outside) is limited, answering 429 with Retry-After, and the mail
 * an office sends quotes the office's own words safely.
 */
describe('limits on work one caller can trigger', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'abuse-limits', env: { RATE_LIMIT_ENABLED: 'true' } });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const invite = (admin: { officeId: string; cookies: Record<string, string> }, email: string) =>
    platform.request('POST', `/api/for-artists/offices/${admin.officeId}/members`, { cookies: admin.cookies, body: { email, role: 'member' } });

  it('an invitation resent again and again reaches the address at most three times an hour', async () => {
    const admin = await officeAdmin(platform, sql);
    const email = `bombed-${Date.now()}@example.test`;
    expect((await invite(admin, email)).status).toBe(201);
    const statuses: number[] = [];
    let limited;
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await platform.request('POST', `/api/for-artists/offices/${admin.officeId}/resend-invitation`, { cookies: admin.cookies, body: { email } });
      statuses.push(answer.status);
      if (answer.status === 429) limited ??= answer;
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.slice(2).every((status) => status === 429)).toBe(true);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited!.body).toMatchObject({ statusCode: 429, code: 'rate-limited' });

    // Another office cannot reach the same address more often either.
    const other = await officeAdmin(platform, sql);
    expect((await invite(other, email)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const mails = (await platform.inbox.list({ to: email })).filter((mail) => mail.subject === OFFICE_INVITATION_SUBJECT);
    expect(mails).toHaveLength(3);
  });

  it('an office sends at most twenty invitations an hour, and a stranger cannot use up its allowance', async () => {
    const admin = await officeAdmin(platform, sql);
    const stranger = await signedInArtist(platform, sql);
    for (let attempt = 0; attempt < 5; attempt++) {
      const foreign = await invite({ officeId: admin.officeId, cookies: stranger.cookies }, `x${attempt}-${Date.now()}@example.test`);
      expect(foreign.status).toBe(404);
    }
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await invite(admin, `team-${n}-${Date.now()}@example.test`)).status);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('one person sends at most twenty invitations an hour, across all their offices', async () => {
    const admin = await officeAdmin(platform, sql);
    const second = await platform.request('POST', '/api/for-artists/offices', { cookies: admin.cookies, body: { name: 'Second office', type: 'label' } });
    const offices = [admin.officeId, second.body.data._id as string];
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await invite({ officeId: offices[n % 2]!, cookies: admin.cookies }, `sender-${n}-${Date.now()}@example.test`)).status);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("the mail quotes the office's name as its admin's words, with no link of theirs", async () => {
    const admin = await officeAdmin(platform, sql, 'Pie Support: log in at https://pie-login.example/verify now');
    const email = `phished-${Date.now()}@example.test`;
    expect((await invite(admin, email)).status).toBe(201);
    const mail = await platform.inbox.waitForMessage({ to: email, subjectIncludes: OFFICE_INVITATION_SUBJECT });
    expect(mail.subject).toBe(OFFICE_INVITATION_SUBJECT);
    expect(mail.text).not.toContain('https://pie-login.example');
    expect(mail.text).not.toContain('pie-login.example');
    expect(mail.text).toContain("its admin's words, not Pie's");
    expect(mail.text).toContain('pie-login[.]example');
    // The only link is Pie's own invitation link.
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/\/for-artists\/office-invitation\//);
    expect(mail.html ?? '').not.toContain('pie-login.example');
  });

  it('verify-bio and socials/fetch, which fetch outside pages, are limited per person (30 at once are not all let through)', async () => {
    const admin = await officeAdmin(platform, sql);
    const artist = await makeCatalogueArtist(sql);
    const claim = await makeClaim(platform, admin, artist.id);
    const verifies = await Promise.all(
      Array.from({ length: 30 }, () => platform.request('POST', `/api/for-artists/claims/${claim.id}/verify-bio`, { cookies: admin.cookies, body: { spotifyArtistUrl: `https://open.spotify.com/artist/${artist.spotifyId}` } })),
    );
    const limitedVerifies = verifies.filter((answer) => answer.status === 429);
    expect(limitedVerifies.length).toBe(20);
    expect(Number(limitedVerifies[0]!.headers['retry-after'])).toBeGreaterThan(0);

    const fetches = await Promise.all(
      Array.from({ length: 30 }, () => platform.request('POST', '/api/for-artists/artist/socials/fetch', { cookies: admin.cookies, body: { artistId: artist.id } })),
    );
    // makeClaim used one fetch already.
    expect(fetches.filter((answer) => answer.status === 200).length).toBe(19);
    expect(fetches.filter((answer) => answer.status === 429).length).toBe(11);
  });
});
