import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_EMAIL_SUBJECT } from '#pie/notifications/testing';
import { SESSION_COOKIE } from '#pie/identity';
import { linkIn, TestPlatform, type QueueBackendChoice } from '../../support/test-platform.js';
import { makeFanRegistration } from '../../support/factories.js';

// The whole chain (API → Postgres → outbox → queue → worker → SMTP) on each queue backend.
describe.each<QueueBackendChoice>(['redis', 'postgres'])('fan e-mail sign-up on the %s queue backend', (queues) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: `signup-${queues}`, queues });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('registers, mails a verification link, verifies, logs in and reads the fan', async () => {
    const registration = makeFanRegistration();
    const registered = await platform.request('POST', '/api/auth/register', { body: registration });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ success: true, data: { email: registration.email } });

    const beforeVerifying = await platform.request('POST', '/api/auth/login', {
      body: { email: registration.email, password: registration.password },
    });
    expect(beforeVerifying.status).toBe(403);
    expect(beforeVerifying.body.message).toMatch(/verify your e-mail/);

    const mail = await platform.inbox.waitForMessage({ to: registration.email as string, timeoutMs: 20_000 });
    expect(mail.subject).toBe(VERIFY_EMAIL_SUBJECT);
    const link = new URL(linkIn(mail.text, '/auth/fans/verify-email/'));
    const token = link.pathname.split('/').pop();

    const verified = await platform.request('POST', `/api/auth/verify-email/${token}`);
    expect(verified.status).toBe(200);
    expect(verified.body.data.email_verified).toBe(true);

    const again = await platform.request('POST', `/api/auth/verify-email/${token}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already been used/);

    const login = await platform.request('POST', '/api/auth/login', {
      body: { email: (registration.email as string).toUpperCase(), password: registration.password },
    });
    expect(login.status).toBe(200);
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE.fan);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const me = await platform.request('GET', '/api/user', { cookies: { [SESSION_COOKIE.fan]: cookie!.value } });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ first_name: 'Robin', email: registration.email, email_verified: true });

    const loggedOut = await platform.request('POST', '/api/auth/logout', { cookies: { [SESSION_COOKIE.fan]: cookie!.value } });
    expect(loggedOut.status).toBe(200);
    const afterLogout = await platform.request('GET', '/api/user', { cookies: { [SESSION_COOKIE.fan]: cookie!.value } });
    expect(afterLogout.status).toBe(401);
  });

  it('is live and ready (database, queue backend, worker heartbeat, outbox), and says no more than that in public', async () => {
    const live = await platform.request('GET', '/api/health');
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual({ status: 'up' });
    const ready = await platform.request('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'up' });
  });
});
