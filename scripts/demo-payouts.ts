/**
 * Gives the demo artist's office its Stripe money, through the same doors a person uses: the office
 * admin starts onboarding (completeOnboarding), fills the sandbox's hosted onboarding page, and
 * Stripe's account.updated enables the account; the verified artist's escrow is released to the
 * office; the month-end transfer sends the earnings to the office's Stripe account (the worker's
 * own job, asked for through the sweep it runs on the month's last day); the admin creates a payout,
 * and the sandbox settles it (its "arrive now" control, instead of moving everyone's clock two
 * days), so payout.paid marks it paid. Runs once: skipped when the office already has a payout.
 */
import { DEMO_ARTIST, SANDBOX_STRIPE_SECRET_KEY } from './demo-data.ts';
import { Visitor } from './demo-listening.ts';

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function seedDemoPayouts(options: { appUrl: string; stripeUrl: string; requestMonthEndTransfer: (officeId: string) => Promise<void> }): Promise<string> {
  const admin = new Visitor(options.appUrl);
  await admin.call('GET', '/api/health');
  await admin.json('POST', '/api/for-artists/auth/login', { email: DEMO_ARTIST.email, password: DEMO_ARTIST.password });
  const offices = await admin.json<{ data: { _id: string; name: string }[] }>('GET', '/api/for-artists/offices');
  const office = offices.data.find((candidate) => candidate.name === 'Demo Artist Office');
  if (!office) return 'no demo office yet';
  const officeId = office._id;
  const existing = await admin.json<{ data: unknown[] }>('GET', `/api/for-artists/stripe/payouts?officeId=${officeId}`);
  if (existing.data.length > 0) return 'the demo office already has a payout';

  // Onboarding on the sandbox's hosted page, as the browser would submit it.
  const started = await admin.json<{ data: { accountLink: { url: string } } }>('POST', '/api/for-artists/stripe/completeOnboarding', { officeId });
  const form = new URLSearchParams({ business_name: 'Demo Artist Office', business_type: 'company', routing_number: '110000000', account_number: '000123456789' });
  const submitted = await fetch(started.data.accountLink.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
  if (submitted.status !== 303) throw new Error(`the sandbox onboarding page answered ${submitted.status}`);
  await until('the office’s Stripe account to be enabled', async () => {
    const fee = await admin.json<{ data: { status: string } }>('GET', `/api/for-artists/stripe/check-monthly-fee?officeId=${officeId}`);
    return fee.data.status === 'enabled' ? true : undefined;
  });

  // The release follows the account's enabling; the month-end transfer sends what the earnings hold.
  const earnings = await until(
    'the verified artist’s escrow to be released',
    async () => {
      const wallet = await admin.json<{ data: { earningsCents: number; connectedCents: number } }>('GET', `/api/for-artists/stripe/wallet-balance?officeId=${officeId}`);
      return wallet.data.earningsCents + wallet.data.connectedCents > 0 ? wallet.data : undefined;
    },
    600_000,
  ).catch(() => null);
  if (!earnings) return 'the office is connected; its verified artist has no money yet, so no transfer or payout';
  if (earnings.connectedCents === 0) await options.requestMonthEndTransfer(officeId);
  const available = await until('the transfer to reach the office’s Stripe account', async () => {
    const figures = await admin.json<{ data: { availableCents: number } }>('GET', `/api/for-artists/stripe/connected-account-balance?officeId=${officeId}`);
    return figures.data.availableCents > 0 ? figures.data.availableCents : undefined;
  }).catch(() => 0);
  if (available === 0) return `the office is connected and holds $${(earnings.earningsCents / 100).toFixed(2)} at Pie (not above Stripe's $2 monthly fee yet: no transfer)`;

  const payout = await admin.json<{ data: { id: string; amountCents: number } }>('POST', '/api/for-artists/stripe/create-payout', { officeId });
  const stripePayoutId = await until('Stripe’s payout id', async () => {
    const accounts = await fetch(`${options.stripeUrl}/v1/accounts?limit=100`, { headers: { authorization: `Bearer ${SANDBOX_STRIPE_SECRET_KEY}` } });
    const list = (await accounts.json()) as { data: { id: string; business_profile?: { name?: string } }[] };
    for (const account of list.data) {
      const payouts = await fetch(`${options.stripeUrl}/v1/payouts?limit=100`, { headers: { authorization: `Bearer ${SANDBOX_STRIPE_SECRET_KEY}`, 'stripe-account': account.id } });
      const found = ((await payouts.json()) as { data: { id: string; metadata: Record<string, string> }[] }).data.find((candidate) => candidate.metadata.pie_payout_id === payout.data.id);
      if (found) return found.id;
    }
    return undefined;
  });
  const arrived = await fetch(`${options.stripeUrl}/_sandbox/payouts/${stripePayoutId}/arrive`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (!arrived.ok) throw new Error(`the sandbox could not settle the payout: ${arrived.status}`);
  await until('the payout to be paid', async () => {
    const details = await admin.json<{ data: { status: string } }>('GET', `/api/for-artists/stripe/payout-details?officeId=${officeId}&payoutId=${payout.data.id}`);
    return details.data.status === 'paid' ? true : undefined;
  });
  return `"Demo Artist Office" connected to Stripe, a transfer received, and a $${(payout.data.amountCents / 100).toFixed(2)} payout paid`;
}
