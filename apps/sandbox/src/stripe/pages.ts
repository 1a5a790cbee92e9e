import type Stripe from 'stripe';
import { escapeHtml } from '../oauth/http.js';

/*
 * The hosted pages: Checkout, the Billing Portal, Connect onboarding and the Express dashboard.
 * Plain HTML forms without scripts, labelled inputs and errors announced with role="alert", so a
 * person, a screen reader and browser automation can all use them.
 */

const STYLE = `
  :root { color-scheme: light; --accent: #533afd; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 15%); }
  .brand { display: inline-block; padding: .1rem .6rem; border-radius: 999px; background: var(--accent); color: #fff; font-weight: 700; }
  h1 { font-size: 1.4rem; margin: .8rem 0 .4rem; }
  h2 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .2rem 0; }
  label { display: block; font-weight: 600; margin: .8rem 0 .2rem; }
  input[type=text], input[type=email], select { width: 100%; font: inherit; padding: .5rem .6rem; border: 1px solid #8792a2; border-radius: 6px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: .8rem; }
  .check { display: flex; gap: .5rem; align-items: flex-start; font-weight: 400; }
  button { font: inherit; font-weight: 700; cursor: pointer; border-radius: 6px; padding: .6rem 1.2rem; margin-top: 1rem; border: 0; background: var(--accent); color: #fff; }
  button.secondary { background: #fff; color: #1a1f36; border: 1px solid #8792a2; }
  .error { color: #8c1b13; background: #fdecea; border: 1px solid #e6a39c; border-radius: 6px; padding: .5rem .7rem; }
  .ok { color: #0d5f2c; background: #e7f6ec; border: 1px solid #8fd1a5; border-radius: 6px; padding: .5rem .7rem; }
  .note { color: #4f566b; font-size: .9rem; }
  table { width: 100%; border-collapse: collapse; font-size: .95rem; }
  th, td { text-align: left; padding: .3rem .4rem; border-bottom: 1px solid #e3e8ee; }
  code { font: .9em ui-monospace, monospace; background: #eef1f5; padding: 0 .25rem; border-radius: 4px; }
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  a { color: #3b28c9; }
`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<span class="brand">Stripe sandbox</span>
${content}
<p class="note">This is the Pie sandbox: a local stand-in for Stripe. No real card or bank account is used.</p>
</main>
</body>
</html>
`;
}

export function money(cents: number, currency = 'usd'): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  return currency.toLowerCase() === 'usd' ? `${sign}$${text}` : `${sign}${text} ${currency.toUpperCase()}`;
}

function every(price: Stripe.Price): string {
  const recurring = price.recurring;
  if (!recurring) return '';
  const unit = recurring.interval_count === 1 ? recurring.interval : `${recurring.interval_count} ${recurring.interval}s`;
  return `every ${unit}`;
}

function date(unix: number): string {
  return new Date(unix * 1000).toISOString().slice(0, 10);
}

const TEST_CARDS_NOTE = `<details><summary>Test cards</summary><ul class="note">
<li><code>4242 4242 4242 4242</code> succeeds</li>
<li><code>4000 0000 0000 0002</code> is declined</li>
<li><code>4000 0000 0000 9995</code> is declined for insufficient funds</li>
<li><code>4000 0000 0000 0341</code> is declined when charged</li>
</ul><p class="note">Any future expiry (e.g. 12 / 34) and any 3-digit CVC.</p></details>`;

function cardFields(values: { name?: string; expiry?: string }): string {
  return `<label for="card-number">Card number</label>
<input type="text" id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<div class="row">
<div><label for="card-expiry">Expiry (MM / YY)</label>
<input type="text" id="card-expiry" name="card_expiry" autocomplete="cc-exp" required placeholder="12 / 34" value="${escapeHtml(values.expiry ?? '')}"></div>
<div><label for="card-cvc">CVC</label>
<input type="text" id="card-cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123"></div>
</div>
<label for="card-name">Name on card</label>
<input type="text" id="card-name" name="cardholder_name" autocomplete="cc-name" value="${escapeHtml(values.name ?? '')}">`;
}

export function checkoutPage(input: { session: Stripe.Checkout.Session; items: Array<{ price: Stripe.Price; quantity: number; productName: string }>; error?: string; values?: { name?: string; expiry?: string; email?: string } }): string {
  const { session } = input;
  const title = 'Subscribe (Stripe sandbox checkout)';
  const lines = input.items
    .map((item) => `<li>${escapeHtml(item.productName)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}: ${money((item.price.unit_amount ?? 0) * item.quantity, item.price.currency)} ${escapeHtml(every(item.price))}</li>`)
    .join('');
  const first = input.items[0];
  if (session.status !== 'open') {
    return layout(title, `<h1>This checkout is ${escapeHtml(session.status ?? 'closed')}</h1>
${session.status === 'complete' && session.success_url ? `<p><a href="${escapeHtml(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id))}">Continue</a></p>` : '<p>It can no longer be paid.</p>'}`);
  }
  const emailField = session.customer ? '' : `<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="email" ${session.customer_email ? 'readonly' : 'required'} value="${escapeHtml(session.customer_email ?? input.values?.email ?? '')}">`;
  return layout(
    title,
    `<h1>Subscribe</h1>
<p class="amount">${money(session.amount_total ?? 0, session.currency ?? 'usd')}</p>
<p>${first ? escapeHtml(every(first.price)) : ''}</p>
<ul>${lines}</ul>
${input.error ? `<p role="alert" class="error" id="checkout-error">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}">
${emailField}
${cardFields(input.values ?? {})}
<button type="submit">Subscribe</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url.replace('{CHECKOUT_SESSION_ID}', session.id))}">Cancel and go back</a></p>` : ''}
${TEST_CARDS_NOTE}`,
  );
}

export function checkoutDonePage(session: Stripe.Checkout.Session): string {
  return layout('Payment complete (Stripe sandbox)', `<h1>Payment complete</h1><p role="status" class="ok">Thank you: your subscription has started.</p><p>Session <code>${escapeHtml(session.id)}</code></p>`);
}

export function portalPage(input: {
  portal: Stripe.BillingPortal.Session;
  customer: Stripe.Customer;
  card: Stripe.PaymentMethod | undefined;
  subscriptions: Stripe.Subscription[];
  openInvoices: Stripe.Invoice[];
  message?: { kind: 'ok' | 'error'; text: string };
}): string {
  const { portal, customer, card } = input;
  const subscriptions = input.subscriptions.length
    ? `<table><caption class="note">Your subscriptions</caption><thead><tr><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Renews</th><th scope="col"><span class="note">Action</span></th></tr></thead><tbody>${input.subscriptions
        .map((subscription) => {
          const item = subscription.items.data[0];
          const renew = subscription.cancel_at_period_end ? `ends ${date(item.current_period_end)}` : date(item.current_period_end);
          const action =
            subscription.status === 'canceled' || subscription.cancel_at_period_end
              ? ''
              : `<form method="post" action="/billing/${escapeHtml(portal.id)}/subscriptions/${escapeHtml(subscription.id)}/cancel"><button type="submit" class="secondary">Cancel at period end</button></form>`;
          return `<tr><td>${money((item.price.unit_amount ?? 0) * (item.quantity ?? 1), item.price.currency)} ${escapeHtml(every(item.price))}</td><td>${escapeHtml(subscription.status.replace('_', ' '))}</td><td>${renew}</td><td>${action}</td></tr>`;
        })
        .join('')}</tbody></table>`
    : '<p>No subscriptions.</p>';
  const open = input.openInvoices.length ? `<p class="error">Unpaid: ${input.openInvoices.map((i) => money(i.amount_remaining, i.currency)).join(', ')}. Replace your card to pay now.</p>` : '';
  return layout(
    'Billing (Stripe sandbox portal)',
    `<h1>Billing</h1>
<p>${escapeHtml(customer.email ?? customer.id)}</p>
${input.message ? `<p role="${input.message.kind === 'error' ? 'alert' : 'status'}" class="${input.message.kind}">${escapeHtml(input.message.text)}</p>` : ''}
<h2>Subscriptions</h2>
${subscriptions}
${open}
<h2>Payment method</h2>
<p>${card?.card ? `Visa ending in <strong>${escapeHtml(card.card.last4)}</strong>` : 'No card on file.'}</p>
<form method="post" action="/billing/${escapeHtml(portal.id)}/card">
<fieldset style="border:0;padding:0;margin:0"><legend><strong>Replace card</strong></legend>
${cardFields({})}
</fieldset>
<button type="submit">Save card</button>
</form>
${TEST_CARDS_NOTE}
${portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Pie</a></p>` : ''}`,
  );
}

export function onboardingPage(input: { token: string; account: Stripe.Account; error?: string }): string {
  const { account } = input;
  return layout(
    'Set up payouts (Stripe sandbox Connect onboarding)',
    `<h1>Set up payouts</h1>
<p>Tell us about your business and where to send your money. Account <code>${escapeHtml(account.id)}</code>${account.email ? ` (${escapeHtml(account.email)})` : ''}.</p>
${input.error ? `<p role="alert" class="error">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="/connect/onboarding/${escapeHtml(input.token)}">
<label for="business-name">Business name</label>
<input type="text" id="business-name" name="business_name" autocomplete="organization" required value="${escapeHtml(account.business_profile?.name ?? '')}">
<label for="business-type">Business type</label>
<select id="business-type" name="business_type"><option value="company">Company</option><option value="individual">Individual</option></select>
<h2>Bank account</h2>
<label for="routing-number">Routing number</label>
<input type="text" id="routing-number" name="routing_number" inputmode="numeric" required value="110000000">
<label for="account-number">Account number</label>
<input type="text" id="account-number" name="account_number" inputmode="numeric" required value="000123456789">
<p class="note">Test accounts: <code>000123456789</code> pays out; <code>000111111116</code> and <code>000111111113</code> make payouts fail.</p>
<label class="check"><input type="checkbox" name="leave_requirements_due" value="1"> Leave verification requirements due (payouts stay disabled)</label>
<button type="submit">Agree and submit</button>
</form>`,
  );
}

export function expressDashboardPage(input: { account: Stripe.Account; balance: { available: number; pending: number }; payouts: Stripe.Payout[]; transfers: Stripe.Transfer[] }): string {
  const { account, balance } = input;
  const payouts = input.payouts.length
    ? `<table><thead><tr><th scope="col">Payout</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Arrival</th></tr></thead><tbody>${input.payouts
        .map((p) => `<tr><td><code>${escapeHtml(p.id)}</code></td><td>${money(p.amount, p.currency)}</td><td>${escapeHtml(p.status)}${p.failure_message ? `: ${escapeHtml(p.failure_message)}` : ''}</td><td>${date(p.arrival_date)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p>No payouts yet.</p>';
  const transfers = input.transfers.length
    ? `<table><thead><tr><th scope="col">Transfer</th><th scope="col">Amount</th><th scope="col">Date</th></tr></thead><tbody>${input.transfers
        .map((t) => `<tr><td><code>${escapeHtml(t.id)}</code></td><td>${money(t.amount - t.amount_reversed, t.currency)}</td><td>${date(t.created)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p>No transfers yet.</p>';
  return layout(
    'Express dashboard (Stripe sandbox)',
    `<h1>${escapeHtml(account.business_profile?.name ?? account.id)}</h1>
<p>Payouts ${account.payouts_enabled ? 'enabled' : 'disabled'} · account <code>${escapeHtml(account.id)}</code></p>
<h2>Balance</h2>
<p>Available: <strong>${money(balance.available)}</strong> · Pending: <strong>${money(balance.pending)}</strong></p>
<h2>Payouts</h2>
${payouts}
<h2>Transfers received</h2>
${transfers}`,
  );
}

export function linkProblemPage(text: string): string {
  return layout('Link not valid (Stripe sandbox)', `<h1>This link is not valid</h1><p role="alert" class="error">${escapeHtml(text)}</p>`);
}
