import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../sandbox.js';
import { decodeForm } from './form.js';
import { StripeSandboxControl } from './control-client.js';
import { startStripeSandbox } from './server.js';
import { sdkFor } from './testing/harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('decodeForm', () => {
  it('reads the SDK bracket encoding into nested objects and arrays', () => {
    const body = 'mode=subscription&line_items[0][price_data][recurring][interval]=day&line_items[0][price_data][recurring][interval_count]=30&line_items[0][quantity]=1&metadata[pie_id]=p1&expand[0]=customer&expand[1]=subscription';
    expect(decodeForm(new URLSearchParams(body).toString())).toEqual({
      mode: 'subscription',
      line_items: [{ price_data: { recurring: { interval: 'day', interval_count: '30' } }, quantity: '1' }],
      metadata: { pie_id: 'p1' },
      expand: ['customer', 'subscription'],
    });
    expect(decodeForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
    expect(decodeForm('metadata[__proto__][polluted]=yes&metadata[ok]=1')).toEqual({ metadata: { ok: '1' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the Stripe stand-in as a process', () => {
  it('keeps its state in the state file across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pie-stripe-'));
    dirs.push(dir);
    const stateFile = join(dir, 'nested', 'stripe.json');
    const first = await startStripeSandbox({ port: 0, stateFile });
    const customer = await sdkFor(first.url).customers.create({ email: 'kept@pie.local' });
    await new StripeSandboxControl(first.url).advanceClock({ days: 3 });
    await first.close();
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).objects[customer.id].email).toBe('kept@pie.local');

    const second = await startStripeSandbox({ port: 0, stateFile });
    try {
      const stripe = sdkFor(second.url);
      expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ email: 'kept@pie.local' });
      expect((await new StripeSandboxControl(second.url).clock()).offsetSeconds).toBe(3 * 86_400);
      // The platform's starting funds are not topped up again on restart.
      const balance = await stripe.balance.retrieve();
      expect(balance.available[0].amount).toBe(100_000_000);
    } finally {
      await second.close();
    }
  });

  it('starts with startSandbox, reports urls.stripe and stops with it', async () => {
    const sandbox = await startSandbox({ host: '127.0.0.1', mail: { smtpPort: 0, httpPort: 0 }, stripe: { port: 0 } });
    const url = sandbox.urls.stripe;
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await sdkFor(url).customers.list()).object).toBe('list');
    } finally {
      await sandbox.close();
    }
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it('answers bad control input with 400 and unknown routes in Stripe’s error shape', async () => {
    const sandbox = await startStripeSandbox({ port: 0 });
    try {
      const bad = await fetch(`${sandbox.url}/_sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceDays":-1}' });
      expect(bad.status).toBe(400);
      const notJson = await fetch(`${sandbox.url}/_sandbox/webhooks/knobs`, { method: 'POST', body: 'nope' });
      expect(notJson.status).toBe(400);
      const knobs = await fetch(`${sandbox.url}/_sandbox/webhooks/knobs`, { method: 'POST', body: '{"duplicateRate":2}' });
      expect(knobs.status).toBe(400);
      await expect(sdkFor(sandbox.url).promotionCodes.list()).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404 });
    } finally {
      await sandbox.close();
    }
  });
});
