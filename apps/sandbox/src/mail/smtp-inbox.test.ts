import { createTransport, type Transporter } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InboxClient, type InboxMessage } from './inbox-client.js';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.js';

let inbox: SmtpInbox;
let baseUrl: string;
let client: InboxClient;
let transport: Transporter;

beforeAll(async () => {
  inbox = await startSmtpInbox({ smtpPort: 0, httpPort: 0 });
  baseUrl = `http://127.0.0.1:${inbox.httpPort}`;
  client = new InboxClient(baseUrl);
  transport = createTransport({ host: '127.0.0.1', port: inbox.smtpPort, secure: false });
});

afterAll(async () => {
  transport?.close();
  await inbox?.close();
});

beforeEach(async () => {
  await client.clear();
});

const VERIFY_URL = 'http://localhost:3000/verify-email?token=abc123';

async function sendTwo(): Promise<void> {
  await transport.sendMail({
    from: 'Pie <no-reply@pie.test>',
    to: 'Fan One <fan1@example.com>',
    subject: 'Welcome to Pie',
    text: 'Hello fan one.',
  });
  await transport.sendMail({
    from: 'Pie <no-reply@pie.test>',
    to: 'artist@example.com',
    subject: 'Verify your e-mail',
    text: `Verify: ${VERIFY_URL}`,
    html: `<p>Please <a href="${VERIFY_URL}">verify your e-mail</a>.</p>`,
  });
}

async function getJson(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, init);
  return { status: res.status, body: await res.json() };
}

describe('smtp inbox', () => {
  it('lists received mail oldest first with addresses, subject, text and html', async () => {
    await sendTwo();
    const { status, body } = await getJson('/email');
    const messages = body as InboxMessage[];

    expect(status).toBe(200);
    expect(messages.map((m) => m.subject)).toEqual(['Welcome to Pie', 'Verify your e-mail']);
    const [welcome, verify] = messages;
    expect(welcome.to).toEqual([{ address: 'fan1@example.com', name: 'Fan One' }]);
    expect(welcome.from).toEqual([{ address: 'no-reply@pie.test', name: 'Pie' }]);
    expect(welcome.text.trim()).toBe('Hello fan one.');
    expect(welcome.html).toBeNull();
    expect(verify.to).toEqual([{ address: 'artist@example.com', name: '' }]);
    expect(verify.html).toContain(`href="${VERIFY_URL}"`);
    expect(verify.text).toContain(VERIFY_URL);
    expect(new Date(verify.date).toISOString()).toBe(verify.date);
    expect(verify.headers['subject']).toBe('Verify your e-mail');
  });

  it('filters by recipient, case-insensitively, including Bcc recipients', async () => {
    await sendTwo();
    await transport.sendMail({ from: 'a@pie.test', to: 'x@example.com', bcc: 'hidden@example.com', subject: 'Bcc', text: '.' });

    const toFan = (await getJson('/email?to=FAN1@Example.com')).body as InboxMessage[];
    expect(toFan.map((m) => m.subject)).toEqual(['Welcome to Pie']);
    const toHidden = (await getJson('/email?to=hidden@example.com')).body as InboxMessage[];
    expect(toHidden.map((m) => m.subject)).toEqual(['Bcc']);
    expect(await client.list({ to: 'nobody@example.com' })).toEqual([]);
  });

  it('serves one message, its html, and 404 JSON for an unknown id', async () => {
    await sendTwo();
    const verify = (await client.list({ to: 'artist@example.com' }))[0];

    expect(await getJson(`/email/${verify.id}`)).toEqual({ status: 200, body: verify });
    const html = await fetch(`${baseUrl}/email/${verify.id}/html`);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await html.text()).toContain(`href="${VERIFY_URL}"`);

    // A text-only mail still gets an HTML view, so the page can show it.
    const welcome = (await client.list({ to: 'fan1@example.com' }))[0];
    expect(await (await fetch(`${baseUrl}/email/${welcome.id}/html`)).text()).toContain('Hello fan one.');

    const unknown = await getJson('/email/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'No e-mail with id does-not-exist' });
    expect((await fetch(`${baseUrl}/email/does-not-exist/html`)).status).toBe(404);
    expect((await getJson('/email/%E0%A4%A')).status).toBe(400);
  });

  it('deletes one message, then all', async () => {
    await sendTwo();
    const [welcome, verify] = await client.list();

    expect(await getJson(`/email/${welcome.id}`, { method: 'DELETE' })).toEqual({ status: 200, body: true });
    expect((await client.list()).map((m) => m.id)).toEqual([verify.id]);
    expect((await getJson(`/email/${welcome.id}`, { method: 'DELETE' })).status).toBe(404);

    expect(await getJson('/email/all', { method: 'DELETE' })).toEqual({ status: 200, body: true });
    expect(await client.list()).toEqual([]);
  });

  it('serves the inbox page and a health check', async () => {
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Pie sandbox inbox</title>');
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)=/); // self-contained

    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    expect((await getJson('/nope')).status).toBe(404);
    expect((await fetch(`${baseUrl}/email`, { method: 'POST' })).status).toBe(405);
  });
});

describe('InboxClient.waitForMessage', () => {
  it('resolves once a matching mail arrives', async () => {
    const waiting = client.waitForMessage({ to: 'late@example.com', subjectIncludes: 'Reset', timeoutMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await transport.sendMail({ from: 'a@pie.test', to: 'late@example.com', subject: 'Other', text: '.' });
    await transport.sendMail({ from: 'a@pie.test', to: 'late@example.com', subject: 'Reset your password', text: '.' });

    const message = await waiting;
    expect(message.subject).toBe('Reset your password');
  });

  it('rejects with a clear error after the timeout', async () => {
    await transport.sendMail({ from: 'a@pie.test', to: 'fan@example.com', subject: 'Welcome', text: '.' });
    const started = Date.now();

    await expect(client.waitForMessage({ to: 'fan@example.com', subjectIncludes: 'Verify', timeoutMs: 300 })).rejects.toThrow(
      'No e-mail to fan@example.com with a subject containing "Verify" arrived within 300 ms (subjects of mail to fan@example.com: "Welcome")',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
