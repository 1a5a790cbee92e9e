import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, TestPlatform } from '../../support/test-platform.js';
import { openSql, type Sql } from '../../support/sql.js';
import { makeAccount } from '../../support/accounts.js';
import { makeFanRegistration } from '../../support/factories.js';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

describe('e-mail links: verification, password reset, complete registration', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'links' });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  async function resetLinkFor(path: string, email: string, linkPrefix: string): Promise<string> {
    const answer = await platform.request('POST', path, { body: { email } });
    expect(answer.status).toBe(200);
    const mail = await platform.inbox.waitForMessage({ to: email, subjectIncludes: 'Reset', timeoutMs: 20_000 });
    return new URL(linkIn(mail.text, linkPrefix)).pathname.split('/').pop()!;
  }

  it('a reset link works once, and a fan link is refused on the artist route (and the reverse)', async () => {
    const fan = await makeAccount(sql, 'fan');
    const artist = await makeAccount(sql, 'artist');
    const fanToken = await resetLinkFor('/api/auth/forgot-password', fan.email, '/auth/fans/reset-password/');
    const artistToken = await resetLinkFor('/api/for-artists/auth/forgot-password', artist.email, '/auth/for-artists/reset-password/');

    const crossed = await platform.request('POST', `/api/for-artists/auth/reset-password/${fanToken}`, { body: { password: 'another password!' } });
    expect(crossed.status).toBe(400);
    const crossedBack = await platform.request('POST', `/api/auth/reset-password/${artistToken}`, { body: { password: 'another password!' } });
    expect(crossedBack.status).toBe(400);

    const used = await platform.request('POST', `/api/auth/reset-password/${fanToken}`, { body: { password: 'another password!' } });
    expect(used.status).toBe(200);
    const reused = await platform.request('POST', `/api/auth/reset-password/${fanToken}`, { body: { password: 'yet another one!' } });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/not valid or has already been used/);
    const login = await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: 'another password!' } });
    expect(login.status).toBe(200);
  });

  it('an expired link is refused with a message saying so', async () => {
    const fan = await makeAccount(sql, 'fan');
    const token = await resetLinkFor('/api/auth/forgot-password', fan.email, '/auth/fans/reset-password/');
    await sql.query(`update identity.email_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [hash(token)]);
    const expired = await platform.request('POST', `/api/auth/reset-password/${token}`, { body: { password: 'another password!' } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('artist sign-up: verification link on the artist route only, once', async () => {
    const registration = makeFanRegistration();
    const registered = await platform.request('POST', '/api/for-artists/auth/register', { body: registration });
    expect(registered.status).toBe(201);
    const mail = await platform.inbox.waitForMessage({ to: registration.email as string, timeoutMs: 20_000 });
    const token = new URL(linkIn(mail.text, '/auth/for-artists/verify-email/')).pathname.split('/').pop();
    expect((await platform.request('POST', `/api/auth/verify-email/${token}`)).status).toBe(400);
    const verified = await platform.request('POST', `/api/for-artists/auth/verify-email/${token}`);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ email: registration.email, email_verified: true, profile_complete: false });
    expect((await platform.request('POST', `/api/for-artists/auth/verify-email/${token}`)).status).toBe(400);
  });

  it('forgot-password answers the same for an unknown e-mail and sends nothing', async () => {
    const fan = await makeAccount(sql, 'fan');
    const known = await platform.request('POST', '/api/auth/forgot-password', { body: { email: fan.email } });
    const unknown = await platform.request('POST', '/api/auth/forgot-password', { body: { email: 'nobody-here@example.test' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await platform.inbox.waitForMessage({ to: fan.email, timeoutMs: 20_000 });
    expect(await platform.inbox.list({ to: 'nobody-here@example.test' })).toEqual([]);
  });

  it('sign-up with an e-mail that has an account answers like a new one and mails the owner instead', async () => {
    const fan = await makeAccount(sql, 'fan');
    const fresh = await platform.request('POST', '/api/auth/register', { body: makeFanRegistration() });
    const taken = await platform.request('POST', '/api/auth/register', { body: makeFanRegistration({ email: fan.email }) });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body.data)).toEqual(Object.keys(fresh.body.data));
    expect(taken.body.message).toBe(fresh.body.message);
    const mail = await platform.inbox.waitForMessage({ to: fan.email, timeoutMs: 20_000 });
    expect(mail.subject).toBe('You already have a Pie account');
    expect(await sql.value(`select count(*)::int from identity.fans where email = $1`, [fan.email])).toBe(1);
  });

  it('an office member invited before invitations stopped making accounts completes registration once and is signed in', async () => {
    const { plantLegacyInvitedArtistUser } = await import('#pie/identity/testing');
    const email = `invited-${Date.now()}@example.test`;
    const invitation = await platform.api.get((await import('#pie/platform')).Database).transaction((em) => plantLegacyInvitedArtistUser(em, email));
    expect(invitation.completeRegistrationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = { token: invitation.completeRegistrationToken, first_name: 'Ines', last_name: 'Invited', password: 'invited password 1' };
    const completed = await platform.request('POST', '/api/for-artists/auth/complete-registration', { body });
    expect(completed.status).toBe(200);
    expect(completed.body.data).toMatchObject({ email, first_name: 'Ines', email_verified: true });
    const session = completed.cookies.find((cookie) => cookie.name === 'artist_access_token');
    expect((await platform.request('GET', '/api/for-artists/user', { cookies: { artist_access_token: session!.value } })).status).toBe(200);
    expect((await platform.request('POST', '/api/for-artists/auth/complete-registration', { body })).status).toBe(400);
  });

  it('the owner of an address an invitation once planted an account for registers as if it were new', async () => {
    const { plantLegacyInvitedArtistUser } = await import('#pie/identity/testing');
    const email = `planted-${Date.now()}@example.test`;
    await platform.api.get((await import('#pie/platform')).Database).transaction((em) => plantLegacyInvitedArtistUser(em, email));
    const registered = await platform.request('POST', '/api/for-artists/auth/register', {
      body: { email, first_name: 'Olu', last_name: 'Owner', password: 'owner password 1', accepted_terms_and_conditions: true },
    });
    expect(registered.status).toBe(201);
    const mail = await platform.inbox.waitForMessage({ to: email, timeoutMs: 20_000 });
    expect(mail.subject).not.toBe('You already have a Pie account');
    const token = mail.text.match(/verify-email\/([A-Za-z0-9_-]{43})/)![1];
    expect((await platform.request('POST', `/api/for-artists/auth/verify-email/${token}`)).status).toBe(200);
    const login = await platform.request('POST', '/api/for-artists/auth/login', { body: { email, password: 'owner password 1' } });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ email, first_name: 'Olu', last_name: 'Owner' });
    expect(await sql.value(`select count(*)::int from identity.artist_users where email = $1`, [email])).toBe(1);
  });

  it('the artist profile is complete only with all four fields, and bad values are named', async () => {
    const artist = await makeAccount(sql, 'artist');
    const login = await platform.request('POST', '/api/for-artists/auth/login', { body: { email: artist.email, password: artist.password } });
    const cookies = { artist_access_token: login.cookies.find((cookie) => cookie.name === 'artist_access_token')!.value };
    const partial = await platform.request('PATCH', '/api/for-artists/user/profile', { body: { phone_number: '+1 555 0100' }, cookies });
    expect(partial.status).toBe(200);
    expect(partial.body.data.profile_complete).toBe(false);
    const full = await platform.request('PATCH', '/api/for-artists/user/profile', { body: { country: 'US' }, cookies });
    expect(full.body.data).toMatchObject({ phone_number: '+1 555 0100', country: 'US', profile_complete: true });
    const bad = await platform.request('PATCH', '/api/for-artists/user/profile', { body: { country: 'United States', phone_number: 42 }, cookies });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['country', 'phone_number']));
  });
});
