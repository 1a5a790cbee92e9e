/**
 * Gives the demo fan two paid pie periods through the same doors a person uses: logs in over
 * HTTP, starts a $10 pie (createCheckout), pays the session on the sandbox Stripe with the 4242
 * card, then moves the sandbox's clock past the period's end so Stripe renews it. The webhooks
 * post real journals. Runs once: skipped when the fan already has a subscription.
 */
import { DEMO_FAN } from './demo-data.ts';
import { Visitor } from './demo-listening.ts';

const PIE_DAYS = 30;

async function sandbox(stripeUrl: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${stripeUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}

async function walletCents(visitor: Visitor): Promise<number> {
  const { data } = await visitor.json<{ data: { balanceCents: number } }>('GET', '/api/fan-wallet/balance');
  return data.balanceCents;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

export async function seedDemoPayments(options: { appUrl: string; stripeUrl: string }): Promise<string> {
  const visitor = new Visitor(options.appUrl);
  await visitor.call('GET', '/api/health'); // the CSRF cookie
  await visitor.json('POST', '/api/auth/login', { email: DEMO_FAN.email, password: DEMO_FAN.password });
  const current = await visitor.json<{ data: unknown }>('GET', '/api/stripe/activeSubscription');
  if (current.data) return 'already has a subscription';
  const { data: checkout } = await visitor.json<{ data: { sessionId: string } }>('POST', '/api/stripe/createCheckout', {
    amount: '10.00',
    pieDays: PIE_DAYS,
    artistLimit: 20,
    artistPopularity: 0,
    excludeNonActive: false,
  });
  await sandbox(options.stripeUrl, `/_sandbox/checkout/sessions/${encodeURIComponent(checkout.sessionId)}/pay`, { card: '4242424242424242' });
  await until('the first period in the wallet', async () => (await walletCents(visitor)) > 0);
  const first = await walletCents(visitor);
  await sandbox(options.stripeUrl, '/_sandbox/clock', { advanceDays: PIE_DAYS, advanceSeconds: 60 });
  await until('the renewal in the wallet', async () => (await walletCents(visitor)) > first);
  return `two periods paid, wallet $${((await walletCents(visitor)) / 100).toFixed(2)}`;
}
