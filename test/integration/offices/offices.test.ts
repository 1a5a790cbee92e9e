import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_INVITATION_SUBJECT } from '#pie/notifications/testing';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { addMember, officeAdmin, signedInArtist } from '../claims/artist-area-fixtures.js';

/**
 * Offices, members and invitations through the API: the mailed invitation (new person and
 * existing account), valid / expired / reused / resent / another office's tokens, the last-admin
 * rule, renames, and bad input (400, never 500).
 */
describe('offices', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'offices' });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  function invitationFrom(text: string): { officeId: string; token: string; registration: string | null } {
    const match = text.match(/https?:\/\/[^\s"<>]*\/for-artists\/office-invitation\/[^\s"<>]+/);
    if (!match) throw new Error(`No invitation link in:\n${text}`);
    const url = new URL(match[0]);
    return { officeId: url.pathname.split('/').pop()!, token: url.searchParams.get('token')!, registration: url.searchParams.get('registration') };
  }

  it('invites a new person by e-mail: no account is made for them; they register, confirm their address, sign in and accept', async () => {
    const admin = await officeAdmin(platform, sql, 'Harbor Lights Mgmt');
    const email = `new-${Date.now()}@example.test`;
    const invited = await platform.request('POST', `/api/for-artists/offices/${admin.officeId}/members`, { cookies: admin.cookies, body: { email: email.toUpperCase(), role: 'member' } });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ email, role: 'member', status: 'invited', first_name: null, last_name: null });
    // Nothing is planted: the address has no account until its owner makes one.
    expect(await sql.value(`select count(*)::int from identity.artist_users where lower(email) = $1`, [email])).toBe(0);

    const mail = await platform.inbox.waitForMessage({ to: email, subjectIncludes: OFFICE_INVITATION_SUBJECT });
    expect(mail.text).toContain('Harbor Lights Mgmt');
    const link = invitationFrom(mail.text);
    expect(link.officeId).toBe(admin.officeId);
    expect(link.registration).toBeNull();

    const check = await platform.request('GET', `/api/for-artists/offices/${admin.officeId}/validate-invitation?token=${link.token}`);
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({ office: { _id: admin.officeId, name: 'Harbor Lights Mgmt' }, email, role: 'member', expires_at: expect.any(String) });

    // Not signed in: accepting needs the invited person's session.
    expect((await platform.request('POST', `/api/for-artists/offices/accept-invitation/${link.token}`, { body: { officeId: admin.officeId } })).status).toBe(401);
    // The owner registers like anyone else: a new account, not "you already have one".
    const password = 'a long enough password';
    await platform.inbox.clear();
    const registered = await platform.request('POST', '/api/for-artists/auth/register', {
      body: { email, first_name: 'Nia', last_name: 'New', password, accepted_terms_and_conditions: true },
    });
    expect(registered.status).toBe(201);
    const welcome = await platform.inbox.waitForMessage({ to: email });
    expect(welcome.subject).not.toBe('You already have a Pie account');
    const verifyToken = welcome.text.match(/verify-email\/([A-Za-z0-9_-]{43})/)![1];
    expect((await platform.request('POST', `/api/for-artists/auth/verify-email/${verifyToken}`)).status).toBe(200);
    const login = await platform.request('POST', '/api/for-artists/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const cookies = { artist_access_token: login.cookies.find((cookie) => cookie.name === 'artist_access_token')!.value };

    const accepted = await platform.request('POST', `/api/for-artists/offices/accept-invitation/${link.token}`, { cookies, body: { officeId: admin.officeId } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ _id: admin.officeId, role: 'member' });
    const members = await platform.request('GET', `/api/for-artists/offices/${admin.officeId}/members`, { cookies });
    expect(members.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ email, status: 'active', first_name: 'Nia', last_name: 'New', user_id: login.body.data._id })]));

    // Reused: the same link again.
    const reused = await platform.request('POST', `/api/for-artists/offices/accept-invitation/${link.token}`, { cookies, body: { officeId: admin.officeId } });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('This invitation has already been accepted');
    expect((await platform.request('GET', `/api/for-artists/offices/${admin.officeId}/validate-invitation?token=${link.token}`)).status).toBe(409);
  });

  it('answers an invitation the same for an address with an account and one without, and shows names only once accepted', async () => {
    const admin = await officeAdmin(platform, sql);
    const known = await signedInArtist(platform, sql);
    await sql.query(`update identity.artist_users set first_name = 'Known', last_name = 'Person' where id = $1`, [known.account.id]);
    const unknown = `nobody-${Date.now()}@example.test`;
    const invite = (email: string) => platform.request('POST', `/api/for-artists/offices/${admin.officeId}/members`, { cookies: admin.cookies, body: { email, role: 'member' } });
    const [forKnown, forUnknown] = [await invite(known.account.email), await invite(unknown)];
    expect(forKnown.status).toBe(forUnknown.status);
    expect(forKnown.body.message).toBe(forUnknown.body.message);
    const shape = (data: Record<string, unknown>) => ({ ...data, email: '<email>', user_id: typeof data.user_id, invited_at: typeof data.invited_at });
    expect(shape(forKnown.body.data)).toEqual(shape(forUnknown.body.data));
    expect(forKnown.body.data).toMatchObject({ first_name: null, last_name: null });
    expect(forKnown.body.data.user_id).not.toBe(known.account.id);

    const listed = await platform.request('GET', `/api/for-artists/offices/${admin.officeId}/members`, { cookies: admin.cookies });
    const knownRow = listed.body.data.find((member: { email: string }) => member.email === known.account.email);
    expect(knownRow).toMatchObject({ status: 'invited', first_name: null, last_name: null });
    expect(knownRow.user_id).not.toBe(known.account.id);
    expect(await sql.value(`select count(*)::int from identity.artist_users where lower(email) = $1`, [unknown])).toBe(0);

    // Once they accept, the office sees who they are.
    const token = await platform.request('GET', `/api/for-artists/offices/${admin.officeId}/member-token?email=${encodeURIComponent(known.account.email)}`, { cookies: admin.cookies });
    expect((await platform.request('POST', `/api/for-artists/offices/accept-invitation/${token.body.data.token}`, { cookies: known.cookies, body: { officeId: admin.officeId } })).status).toBe(200);
    const after = await platform.request('GET', `/api/for-artists/offices/${admin.officeId}/members`, { cookies: admin.cookies });
    expect(after.body.data.find((member: { email: string }) => member.email === known.account.email)).toMatchObject({
      status: 'active',
      user_id: known.account.id,
      first_name: 'Known',
      last_name: 'Person',
    });
  });

  it('refuses an expired token, a resent (older) token, another office’s token and someone else’s session', async () => {
    const admin = await officeAdmin(platform, sql);
    const otherAdmin = await officeAdmin(platform, sql);
    const person = await signedInArtist(platform, sql);
    const stranger = await signedInArtist(platform, sql);
    await platform.request('POST', `/api/for-artists/offices/${admin.officeId}/members`, { cookies: admin.cookies, body: { email: person.account.email } });
    const first = (await platform.inbox.waitForMessage({ to: person.account.email, subjectIncludes: OFFICE_INVITATION_SUBJECT })).text;
    const firstLink = invitationFrom(first);
    expect(firstLink.registration).toBeNull();

    // Another office's path with this office's token: its signature does not hold there.
    const foreign = await platform.request('POST', `/api/for-artists/offices/accept-invitation/${firstLink.token}`, { cookies: person.cookies, body: { officeId: otherAdmin.officeId } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('This invitation link is not valid');

    // Someone else signed in.
    const wrongPerson = await platform.request('POST', `/api/for-artists/offices/accept-invitation/${firstLink.token}`, { cookies: stranger.cookies, body: { officeId: admin.officeId } });
    expect(wrongPerson.status).toBe(403);

    // Resent: the older link stops working, the new one works.
    await platform.inbox.clear();
    const resent = await platform.request('POST', `/api/for-artists/offices/${admin.officeId}/resend-invitation`, { cookies: admin.cookies, body: { email: person.account.email } });
    expect(resent.status).toBe(200);
    const secondLink = invitationFrom((await platform.inbox.waitForMessage({ to: person.account.email, subjectIncludes: OFFICE_INVITATION_SUBJECT })).text);
    expect(secondLink.token).not.toBe(firstLink.token);
    const old = await platform.request('POST', `/api/for-artists/offices/accept-invitation/${firstLink.token}`, { cookies: person.cookies, body: { officeId: admin.officeId } });
    expect(old.status).toBe(400);

    // Expired: the invitation's week has passed.
    await sql.query(`update offices.members set invitation_expires_at = now() - interval '1 minute' where office_id = $1 and email = $2`, [admin.officeId, person.account.email]);
    const expired = await platform.request('POST', `/api/for-artists/offices/accept-invitation/${secondLink.token}`, { cookies: person.cookies, body: { officeId: admin.officeId } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This invitation has expired. Ask the office admin to send a new one.');
    expect(await sql.value(`select status from offices.members where office_id = $1 and email = $2`, [admin.officeId, person.account.email])).toBe('invited');

    // A tampered token (signature changed) is not valid either.
    const tampered = `${secondLink.token.slice(0, -2)}${secondLink.token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await platform.request('GET', `/api/for-artists/offices/${admin.officeId}/validate-invitation?token=${tampered}`)).status).toBe(400);
  });

  it('never leaves an office without an admin', async () => {
    const admin = await officeAdmin(platform, sql);
    const member = await addMember(platform, sql, admin);
    const demoteSelf = await platform.request('PATCH', `/api/for-artists/offices/${admin.officeId}/members/${admin.account.id}/role`, { cookies: admin.cookies, body: { role: 'member' } });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.message).toBe('An office needs at least one admin. Make another member an admin first.');
    const leave = await platform.request('DELETE', `/api/for-artists/offices/${admin.officeId}/members/${encodeURIComponent(admin.account.email)}`, { cookies: admin.cookies });
    expect(leave.status).toBe(409);

    // A member cannot promote themselves.
    const selfPromote = await platform.request('PATCH', `/api/for-artists/offices/${admin.officeId}/members/${member.account.id}/role`, { cookies: member.cookies, body: { role: 'admin' } });
    expect(selfPromote.status).toBe(403);

    // With a second admin, the first may step down and then leave.
    const promote = await platform.request('PATCH', `/api/for-artists/offices/${admin.officeId}/members/${member.account.id}/role`, { cookies: admin.cookies, body: { role: 'admin' } });
    expect(promote.status).toBe(200);
    expect(promote.body.data.role).toBe('admin');
    const [a, b] = await Promise.all([
      platform.request('PATCH', `/api/for-artists/offices/${admin.officeId}/members/${admin.account.id}/role`, { cookies: member.cookies, body: { role: 'member' } }),
      platform.request('PATCH', `/api/for-artists/offices/${admin.officeId}/members/${member.account.id}/role`, { cookies: admin.cookies, body: { role: 'member' } }),
    ]);
    // Each demotes the other at once: the office lock orders them, and the second finds itself no longer admin.
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    expect(await sql.value(`select count(*)::int from offices.members where office_id = $1 and role = 'admin' and status = 'active'`, [admin.officeId])).toBe(1);
  });

  it('renames an office (both routes), admins only', async () => {
    const admin = await officeAdmin(platform, sql, 'Before');
    const member = await addMember(platform, sql, admin);
    const renamed = await platform.request('PATCH', `/api/for-artists/offices/${admin.officeId}`, { cookies: admin.cookies, body: { name: 'After', type: 'label' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'After', type: 'label' });
    const viaName = await platform.request('PATCH', '/api/for-artists/office/name', { cookies: admin.cookies, body: { office: 'After Again' } });
    expect(viaName.status).toBe(200);
    expect(viaName.body.data.name).toBe('After Again');
    const byMember = await platform.request('PATCH', `/api/for-artists/offices/${admin.officeId}`, { cookies: member.cookies, body: { name: 'Hijacked' } });
    expect(byMember.status).toBe(403);
    expect(await sql.value(`select name from offices.offices where id = $1`, [admin.officeId])).toBe('After Again');
  });

  it('answers bad input with 400 and a message, never 500', async () => {
    const admin = await officeAdmin(platform, sql);
    const o = admin.officeId;
    const cases: [string, string, unknown][] = [
      ['POST', '/api/for-artists/offices', {}],
      ['POST', '/api/for-artists/offices', { name: 'x'.repeat(101) }],
      ['POST', '/api/for-artists/offices', { name: 'Fine', type: 'cult' }],
      ['PATCH', `/api/for-artists/offices/${o}`, {}],
      ['PATCH', '/api/for-artists/offices/not-an-id', { name: 'x' }],
      ['PATCH', '/api/for-artists/office/name', { office: '' }],
      ['PATCH', '/api/for-artists/office/name', { office: 'x', officeId: 'nope' }],
      ['POST', `/api/for-artists/offices/${o}/members`, { email: 'not-an-email' }],
      ['POST', `/api/for-artists/offices/${o}/members`, { email: 'a@b.test', role: 'owner' }],
      ['DELETE', `/api/for-artists/offices/${o}/members/not-an-email`, undefined],
      ['GET', `/api/for-artists/offices/${o}/validate-invitation`, undefined],
      ['GET', `/api/for-artists/offices/${o}/validate-invitation?token=abc`, undefined],
      ['POST', '/api/for-artists/offices/accept-invitation/abc', { officeId: o }],
      ['POST', '/api/for-artists/offices/accept-invitation/aaaaaaaaaaaaaaaaaaaaaa.abc.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', { officeId: 'x' }],
      ['GET', `/api/for-artists/offices/${o}/member-token`, undefined],
      ['POST', `/api/for-artists/offices/${o}/resend-invitation`, {}],
      ['PATCH', `/api/for-artists/offices/${o}/members/${admin.account.id}/role`, { role: 'boss' }],
      ['PATCH', `/api/for-artists/offices/${o}/members/x/role`, { role: 'member' }],
      ['GET', `/api/for-artists/offices/${o}/members/x/artists`, undefined],
      ['POST', `/api/for-artists/offices/${o}/members/${admin.account.id}/artists`, { artistIds: [] }],
      ['POST', `/api/for-artists/offices/${o}/members/${admin.account.id}/artists`, { artistIds: ['x'] }],
      ['DELETE', `/api/for-artists/offices/${o}/members/${admin.account.id}/artists/x`, undefined],
    ];
    for (const [method, url, body] of cases) {
      const response = await platform.request(method, url, { cookies: admin.cookies, ...(body === undefined ? {} : { body }) });
      expect(response.status, `${method} ${url} → ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.message, `${method} ${url}`).toEqual(expect.any(String));
    }
  });
});
