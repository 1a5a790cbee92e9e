import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, TestPlatform } from '../../support/test-platform.js';
import { openSql, type Sql } from '../../support/sql.js';
import { makeAccount } from '../../support/accounts.js';
import { makeFanRegistration } from '../../support/factories.js';

/** Issue 16 item 3: a new verification link from the check-your-inbox screen, the unverified login and settings. */
describe('resending the verification e-mail', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'resend' });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const verifyLinks = async (email: string) =>
    (await platform.inbox.list({ to: email })).filter((mail) => mail.text.includes('/auth/fans/verify-email/'));

  it('mails an unverified fan a new link that verifies the account', async () => {
    const registration = makeFanRegistration();
    const email = registration.email as string;
    expect((await platform.request('POST', '/api/auth/register', { body: registration })).status).toBe(201);
    await platform.inbox.waitForMessage({ to: email, timeoutMs: 20_000 });

    const resent = await platform.request('POST', '/api/auth/resend-verification', { body: { email } });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('If this e-mail has an account waiting to be verified, we sent it a new link.');
    await expect.poll(async () => (await verifyLinks(email)).length, { timeout: 20_000 }).toBe(2);

    const newest = (await verifyLinks(email)).at(-1)!;
    const token = new URL(linkIn(newest.text, '/auth/fans/verify-email/')).pathname.split('/').pop();
    const verified = await platform.request('POST', `/api/auth/verify-email/${token}`);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ email, email_verified: true });
  });

  it('answers the same for a verified account and an unknown e-mail, and mails neither', async () => {
    const fan = await makeAccount(sql, 'fan');
    const verified = await platform.request('POST', '/api/auth/resend-verification', { body: { email: fan.email } });
    const unknown = await platform.request('POST', '/api/auth/resend-verification', { body: { email: 'nobody-here@example.test' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(verified.body);

    // A mail that would have gone out goes within a second or two (see above): give it the time.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await platform.inbox.list({ to: fan.email })).toEqual([]);
    expect(await platform.inbox.list({ to: 'nobody-here@example.test' })).toEqual([]);
  });

  it('refuses a body without a valid e-mail with 400', async () => {
    const answer = await platform.request('POST', '/api/auth/resend-verification', { body: { email: 'not an e-mail' } });
    expect(answer.status).toBe(400);
  });
});
