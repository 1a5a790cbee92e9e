import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { listenOn, urlHost } from '../net.js';
import { html, HttpError, json, readBody, type Respond } from '../oauth/http.js';
import { Billing } from './billing.js';
import { Connect } from './connect.js';
import { API_VERSION, PLATFORM, StripeEngine } from './engine.js';
import { invalid, missing, StripeApiError } from './errors.js';
import { decodeForm, type FormObject } from './form.js';
import { checkoutDonePage, checkoutPage, expressDashboardPage, linkProblemPage, onboardingPage, portalPage } from './pages.js';
import { createdFilter, expandParam, metadataParam, optionalBoolean, optionalString, requiredString, type Params } from './params.js';
import { newId, StripeStore, type ListParams } from './store.js';
import { webhookEndpointObject } from './objects.js';
import { WebhookDispatcher, type DeliveryKnobs } from './webhooks.js';

/** The signing secret of endpoints given without one (and of `npm start`'s endpoint). */
export const DEFAULT_WEBHOOK_SECRET = 'whsec_pie_local_sandbox';

export interface StripeSandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** Where browsers reach the hosted pages, if not `http://<host>:<port>`. */
  publicUrl?: string;
  /** JSON file the state is kept in between restarts; in memory when absent. */
  stateFile?: string;
  /** Endpoints that receive every event (platform and connected accounts). */
  webhooks?: Array<{ url: string; secret?: string }>;
  /** How often due work (renewals, retries, payouts) runs on real time; 1000 ms by default. */
  tickMs?: number;
  logger?: (msg: string) => void;
}

export interface StripeSandbox {
  port: number;
  /** Base URL: the API at `<url>/v1`, pages at `<url>/checkout/…`, controls at `<url>/_sandbox/…`. */
  url: string;
  engine: StripeEngine;
  billing: Billing;
  connect: Connect;
  webhooks: WebhookDispatcher;
  close(): Promise<void>;
}

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/** Starts the Stripe stand-in on its own listener. */
export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.logger ?? (() => {});
  let baseUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const store = new StripeStore(options.stateFile);
  const webhooks = new WebhookDispatcher(log);
  const engine = new StripeEngine(store, webhooks, () => baseUrl);
  const billing = new Billing(engine);
  const connect = new Connect(engine);

  // Start-up endpoints replace those of an earlier run (the state file may hold them).
  for (const [id, endpoint] of Object.entries(store.internals.endpoints)) {
    if (endpoint.source === 'startup') {
      store.remove(id);
      delete store.internals.endpoints[id];
    }
  }
  for (const webhook of options.webhooks ?? []) registerEndpoint(webhook.url, webhook.secret ?? DEFAULT_WEBHOOK_SECRET, 'both', 'startup', ['*']);

  /** A session's line items (`GET …/line_items`, or `expand[]=line_items`). */
  function sessionLineItems(sessionId: string): Stripe.LineItem[] {
    return billing.sessionItems(sessionId).map(({ price, quantity }, index) => ({
      id: `li_${sessionId.slice(-12)}${index}`,
      object: 'item' as const,
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: (price.unit_amount ?? 0) * quantity,
      amount_tax: 0,
      amount_total: (price.unit_amount ?? 0) * quantity,
      currency: price.currency,
      description: store.find<Stripe.Product>(price.product as string, 'product')?.name ?? null,
      metadata: {},
      price,
      quantity,
    }));
  }
  engine.includable('checkout.session', 'line_items', (id) => ({ object: 'list', data: sessionLineItems(id), has_more: false, url: `/v1/checkout/sessions/${id}/line_items` }));

  function registerEndpoint(url: string, secret: string, scope: 'both' | 'platform' | 'connect', source: 'startup' | 'api' | 'control', events: string[], description: string | null = null, metadata: Record<string, string> = {}): Stripe.WebhookEndpoint {
    if (!/^https?:\/\/\S+$/.test(url)) throw invalid('Invalid URL: must be an http or https URL', 'url', 'url_invalid');
    const endpoint = store.put(webhookEndpointObject({ created: engine.now(), url, enabledEvents: events, description, metadata, secret }));
    store.internals.endpoints[endpoint.id] = { secret, connect: scope, source };
    return endpoint;
  }

  // Due work only appears when the state changes or global time reaches the next due moment.
  let dueChecked = { version: -1, until: 0 };
  function runDue(): void {
    if (store.version === dueChecked.version && engine.now() < dueChecked.until) return;
    billing.runDue();
    connect.runDue();
    dueChecked = { version: store.version, until: Math.min(billing.nextDueAt(), connect.nextDueAt()) };
  }

  const tick = setInterval(() => {
    try {
      runDue();
    } catch (error) {
      log(`stripe: due work failed: ${String(error)}`);
    }
  }, options.tickMs ?? 1000);
  tick.unref();

  // ---- the API ----------------------------------------------------------------------------

  type Handler = (match: RegExpExecArray, params: Params, req: Request, account: string | undefined) => unknown;
  const routes: Array<[string, RegExp, Handler]> = [];
  const route = (method: string, pattern: string, handler: Handler) => routes.push([method, new RegExp(`^${pattern.replace(/:\w+/g, '([^/]+)')}$`), handler]);
  const list = <T extends { id: string; created?: number }>(items: T[], params: Params, req: Request) => {
    const created = createdFilter(params);
    return store.page(items.filter((item) => item.created === undefined || created(item.created)), params as unknown as ListParams, req.path);
  };

  route('POST', '/v1/customers', (_m, p) => billing.createCustomer(p));
  route('GET', '/v1/customers', (_m, p, req) => list(billing.listCustomers(p), p, req));
  route('GET', '/v1/customers/:id', (m) => store.get<Stripe.Customer>(m[1], 'customer'));
  route('POST', '/v1/customers/:id', (m, p) => billing.updateCustomer(m[1], p));
  route('DELETE', '/v1/customers/:id', (m) => billing.deleteCustomer(m[1]));
  route('GET', '/v1/customers/:id/payment_methods', (m, p, req) => {
    store.get(m[1], 'customer');
    return list(store.all<Stripe.PaymentMethod>('payment_method', (pm) => pm.customer === m[1]), p, req);
  });
  route('GET', '/v1/payment_methods/:id', (m) => store.get<Stripe.PaymentMethod>(m[1], 'payment_method', 'PaymentMethod'));
  route('POST', '/v1/products', (_m, p) => billing.createProduct(p));
  route('GET', '/v1/products', (_m, p, req) => list(store.all<Stripe.Product>('product'), p, req));
  route('GET', '/v1/products/:id', (m) => store.get<Stripe.Product>(m[1], 'product'));
  route('POST', '/v1/prices', (_m, p) => billing.createPrice(p));
  route('GET', '/v1/prices', (_m, p, req) => list(store.all<Stripe.Price>('price'), p, req));
  route('GET', '/v1/prices/:id', (m) => store.get<Stripe.Price>(m[1], 'price'));

  route('POST', '/v1/checkout/sessions', (_m, p) => billing.createCheckoutSession(p));
  route('GET', '/v1/checkout/sessions', (_m, p, req) => {
    const subscription = optionalString(p, 'subscription');
    const customer = optionalString(p, 'customer');
    return list(store.all<Stripe.Checkout.Session>('checkout.session', (s) => (subscription === undefined || s.subscription === subscription) && (customer === undefined || s.customer === customer)), p, req);
  });
  route('GET', '/v1/checkout/sessions/:id', (m) => store.get<Stripe.Checkout.Session>(m[1], 'checkout.session', 'checkout session'));
  route('POST', '/v1/checkout/sessions/:id/expire', (m) => billing.expireCheckoutSession(m[1]));
  route('GET', '/v1/checkout/sessions/:id/line_items', (m, p, req) => {
    store.get(m[1], 'checkout.session', 'checkout session');
    return list(sessionLineItems(m[1]), p, req);
  });

  route('POST', '/v1/subscriptions', (_m, p) => billing.createSubscription(p));
  route('GET', '/v1/subscriptions', (_m, p, req) => list(billing.listSubscriptions(p), p, req));
  route('GET', '/v1/subscriptions/:id', (m) => store.get<Stripe.Subscription>(m[1], 'subscription'));
  route('POST', '/v1/subscriptions/:id', (m, p) => billing.updateSubscription(m[1], p));
  route('DELETE', '/v1/subscriptions/:id', (m, p) => billing.cancelSubscription(m[1], p));
  route('POST', '/v1/subscription_schedules', (_m, p) => billing.schedules.create(p));
  route('GET', '/v1/subscription_schedules/:id', (m) => store.get<Stripe.SubscriptionSchedule>(m[1], 'subscription_schedule', 'subscription schedule'));
  route('POST', '/v1/subscription_schedules/:id', (m, p) => billing.schedules.update(m[1], p));
  route('POST', '/v1/subscription_schedules/:id/release', (m) => billing.schedules.release(m[1]));
  route('POST', '/v1/subscription_schedules/:id/cancel', (m) => billing.schedules.cancel(m[1]));

  route('GET', '/v1/invoices', (_m, p, req) => {
    const customer = optionalString(p, 'customer');
    const subscription = optionalString(p, 'subscription');
    const status = optionalString(p, 'status');
    return list(store.all<Stripe.Invoice>('invoice', (i) => (customer === undefined || i.customer === customer) && (subscription === undefined || billing.subscriptionOf(i) === subscription) && (status === undefined || i.status === status)), p, req);
  });
  route('GET', '/v1/invoices/:id', (m) => store.get<Stripe.Invoice>(m[1], 'invoice'));
  route('POST', '/v1/invoices/:id/pay', (m, p) => billing.payInvoice(m[1], p));
  route('GET', '/v1/invoice_payments', (_m, p, req) => {
    const invoice = optionalString(p, 'invoice');
    return list(invoice ? engine.invoicePayments(invoice) : store.all<Stripe.InvoicePayment>('invoice_payment'), p, req);
  });
  route('GET', '/v1/invoice_payments/:id', (m) => store.get<Stripe.InvoicePayment>(m[1], 'invoice_payment', 'invoice payment'));
  route('GET', '/v1/payment_intents/:id', (m) => store.get<Stripe.PaymentIntent>(m[1], 'payment_intent', 'payment_intent'));
  route('GET', '/v1/charges', (_m, p, req) => {
    const customer = optionalString(p, 'customer');
    const intent = optionalString(p, 'payment_intent');
    return list(store.all<Stripe.Charge>('charge', (c) => (customer === undefined || c.customer === customer) && (intent === undefined || c.payment_intent === intent)), p, req);
  });
  route('GET', '/v1/charges/:id', (m) => store.get<Stripe.Charge>(m[1], 'charge'));
  route('GET', '/v1/balance_transactions', (_m, p, req, account) => {
    const source = optionalString(p, 'source');
    const type = optionalString(p, 'type');
    const payout = optionalString(p, 'payout');
    return list(engine.balanceTransactionsOf(account ?? PLATFORM).filter((t) => (source === undefined || t.source === source) && (type === undefined || t.type === type) && (payout === undefined || t.source === payout)), p, req);
  });
  route('GET', '/v1/balance_transactions/:id', (m, _p, _req, account) => {
    const txn = store.get<Stripe.BalanceTransaction>(m[1], 'balance_transaction', 'balance transaction');
    if ((store.internals.balanceOwner[txn.id] ?? PLATFORM) !== (account ?? PLATFORM)) throw missing('balance transaction', m[1]);
    return txn;
  });
  route('POST', '/v1/refunds', (_m, p) => billing.createRefund(p));
  route('GET', '/v1/refunds', (_m, p, req) => {
    const charge = optionalString(p, 'charge');
    return list(store.all<Stripe.Refund>('refund', (r) => charge === undefined || r.charge === charge), p, req);
  });
  route('GET', '/v1/refunds/:id', (m) => store.get<Stripe.Refund>(m[1], 'refund'));
  route('GET', '/v1/disputes', (_m, p, req) => {
    // Stripe's list filters: a charge's disputes, a PaymentIntent's.
    const charge = optionalString(p, 'charge');
    const intent = optionalString(p, 'payment_intent');
    return list(store.all<Stripe.Dispute>('dispute', (d) => (!charge || d.charge === charge) && (!intent || d.payment_intent === intent)), p, req);
  });
  route('GET', '/v1/disputes/:id', (m) => store.get<Stripe.Dispute>(m[1], 'dispute'));
  route('POST', '/v1/billing_portal/sessions', (_m, p) => billing.createPortalSession(p));

  route('POST', '/v1/test_helpers/test_clocks', (_m, p) => billing.createTestClock(p));
  route('GET', '/v1/test_helpers/test_clocks', (_m, p, req) => list(store.all<Stripe.TestHelpers.TestClock>('test_helpers.test_clock'), p, req));
  route('GET', '/v1/test_helpers/test_clocks/:id', (m) => store.get<Stripe.TestHelpers.TestClock>(m[1], 'test_helpers.test_clock', 'test clock'));
  route('DELETE', '/v1/test_helpers/test_clocks/:id', (m) => billing.deleteTestClock(m[1]));
  route('POST', '/v1/test_helpers/test_clocks/:id/advance', (m, p) => billing.advanceTestClock(m[1], p));

  route('POST', '/v1/webhook_endpoints', (_m, p) => {
    const url = requiredString(p, 'url');
    const events = p.enabled_events === undefined ? [] : Array.isArray(p.enabled_events) ? p.enabled_events : [p.enabled_events];
    const enabled = events.filter((e): e is string => typeof e === 'string');
    if (enabled.length === 0) throw invalid('Missing required param: enabled_events.', 'enabled_events', 'parameter_missing');
    const connectScope = optionalBoolean(p, 'connect') ? 'connect' : 'platform';
    return registerEndpoint(url, `whsec_${newId('x', 32).slice(2)}`, connectScope, 'api', enabled, optionalString(p, 'description') ?? null, metadataParam(p) ?? {});
  });
  route('GET', '/v1/webhook_endpoints', (_m, p, req) => list(store.all<Stripe.WebhookEndpoint>('webhook_endpoint').map(({ secret: _secret, ...rest }) => rest as Stripe.WebhookEndpoint), p, req));
  route('GET', '/v1/webhook_endpoints/:id', (m) => {
    const { secret: _secret, ...rest } = store.get<Stripe.WebhookEndpoint>(m[1], 'webhook_endpoint', 'webhook endpoint');
    return rest;
  });
  route('DELETE', '/v1/webhook_endpoints/:id', (m) => {
    store.get(m[1], 'webhook_endpoint', 'webhook endpoint');
    store.remove(m[1]);
    delete store.internals.endpoints[m[1]];
    return { id: m[1], object: 'webhook_endpoint', deleted: true };
  });
  route('GET', '/v1/events', (_m, p, req, account) => {
    const type = optionalString(p, 'type');
    const types = Array.isArray(p.types) ? p.types.filter((t): t is string => typeof t === 'string') : undefined;
    const matches = (eventType: string) => (type === undefined || (type.endsWith('*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type)) && (types === undefined || types.includes(eventType));
    return list(store.all<Stripe.Event>('event', (e) => (e.account ?? undefined) === account && matches(e.type)), p, req);
  });
  route('GET', '/v1/events/:id', (m) => store.get<Stripe.Event>(m[1], 'event'));

  route('POST', '/v1/accounts', (_m, p) => connect.createAccount(p));
  route('GET', '/v1/accounts', (_m, p, req) => list(store.all<Stripe.Account>('account'), p, req));
  route('GET', '/v1/accounts/:id', (m) => {
    connect.assertAuthorized(m[1]);
    return store.get<Stripe.Account>(m[1], 'account');
  });
  route('POST', '/v1/accounts/:id', (m, p) => connect.updateAccount(m[1], p));
  route('DELETE', '/v1/accounts/:id', (m) => connect.deleteAccount(m[1]));
  route('GET', '/v1/account', (_m, _p, _req, account) => {
    if (!account) throw invalid('The sandbox has no platform account object; send Stripe-Account to read a connected account.');
    return store.get<Stripe.Account>(account, 'account');
  });
  route('POST', '/v1/accounts/:id/login_links', (m) => connect.createLoginLink(m[1]));
  route('POST', '/v1/account_links', (_m, p) => connect.createAccountLink(p));
  route('POST', '/v1/transfers', (_m, p) => connect.createTransfer(p));
  route('GET', '/v1/transfers', (_m, p, req) => list(connect.listTransfers(p), p, req));
  route('GET', '/v1/transfers/:id', (m) => store.get<Stripe.Transfer>(m[1], 'transfer'));
  route('POST', '/v1/transfers/:id/reversals', (m, p) => connect.createReversal(m[1], p));
  route('GET', '/v1/transfers/:id/reversals', (m, p, req) => {
    store.get(m[1], 'transfer');
    return list(connect.reversalsOf(m[1]), p, req);
  });
  route('GET', '/v1/balance', (_m, _p, _req, account) => {
    if (account) store.get(account, 'account', 'account', 'stripe_account');
    return engine.balance(account ?? PLATFORM);
  });
  route('POST', '/v1/payouts', (_m, p, _req, account) => connect.createPayout(account, p));
  route('GET', '/v1/payouts', (_m, p, req, account) => {
    const status = optionalString(p, 'status');
    return list(connect.payoutsOf(account).filter((payout) => status === undefined || payout.status === status), p, req);
  });
  route('GET', '/v1/payouts/:id', (m, _p, _req, account) => connect.payout(account, m[1]));

  function authenticate(req: Request): void {
    const header = req.headers.authorization ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
    const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
    if (!key) throw new StripeApiError(401, 'invalid_request_error', 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').');
    if (!/^(sk|rk)_test_\w+$/.test(key)) throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
  }

  /** Stripe keeps keys for 24 hours; older answers are forgotten once there are many. */
  function pruneIdempotency(): void {
    const saved = store.data.idempotency;
    const keys = Object.keys(saved);
    if (keys.length < 20_000) return;
    const cutoff = engine.now() - IDEMPOTENCY_TTL_SECONDS;
    for (const key of keys) if (saved[key].at <= cutoff) delete saved[key];
  }

  function api(req: Request): Respond {
    const requestId = newId('req', 14);
    const headers = { 'request-id': requestId, 'stripe-version': API_VERSION };
    try {
      authenticate(req);
      const account = typeof req.headers['stripe-account'] === 'string' ? req.headers['stripe-account'] : undefined;
      if (account) connect.assertAuthorized(account);
      const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (req.method === 'POST' && req.body !== '' && type !== 'application/x-www-form-urlencoded') {
        throw invalid('Invalid request: send the parameters form-encoded (application/x-www-form-urlencoded), as the Stripe SDKs do.');
      }
      const params: FormObject = req.method === 'POST' ? decodeForm(req.body) : decodeForm(req.query.toString());
      const key = req.method === 'POST' && typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      const scope = key ? `${account ?? PLATFORM}:${key}` : undefined;
      const fingerprint = createHash('sha256').update(`${req.method} ${req.path}\n${req.body}`).digest('hex');
      if (scope) {
        const saved = store.data.idempotency[scope];
        if (saved && saved.at > engine.now() - IDEMPOTENCY_TTL_SECONDS) {
          if (saved.fingerprint !== fingerprint) {
            throw new StripeApiError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
          }
          return json(saved.status, saved.body, { ...headers, 'idempotent-replayed': 'true', 'idempotency-key': key! });
        }
      }
      runDue();
      const found = routes.find(([method, pattern]) => method === req.method && pattern.test(req.path));
      if (!found) {
        const other = routes.some(([, pattern]) => pattern.test(req.path));
        throw new StripeApiError(other ? 405 : 404, 'invalid_request_error', other ? `Method ${req.method} is not allowed on ${req.path}` : `Unrecognized request URL (${req.method}: ${req.path}). The sandbox serves the subset listed in apps/sandbox/src/stripe/README.md.`);
      }
      const [, pattern, handler] = found;
      let status = 200;
      let body: unknown;
      try {
        const result = handler(pattern.exec(req.path)!, params, req, account);
        body = engine.render(result, expandParam(params));
      } catch (error) {
        // Card errors are results of a request that ran: Stripe replays them for the same key.
        if (!(error instanceof StripeApiError) || error.status !== 402) throw error;
        status = 402;
        body = error.body();
      }
      if (scope) {
        store.data.idempotency[scope] = { fingerprint, status, body, at: engine.now() };
        pruneIdempotency();
      }
      if (req.method !== 'GET') store.changed();
      return json(status, body, { ...headers, ...(key ? { 'idempotency-key': key } : {}) });
    } catch (error) {
      if (error instanceof StripeApiError) return json(error.status, error.body(), headers);
      throw error;
    }
  }

  // ---- hosted pages -----------------------------------------------------------------------

  function form(req: Request): URLSearchParams {
    return new URLSearchParams(req.body);
  }

  function checkoutView(session: Stripe.Checkout.Session, error?: string, values?: { name?: string; expiry?: string; email?: string }): string {
    const items = billing.sessionItems(session.id).map((item) => ({ ...item, productName: store.find<Stripe.Product>(item.price.product as string, 'product')?.name ?? 'Subscription' }));
    return checkoutPage({ session, items, error, values });
  }

  /** Expiry `MM / YY` in the future and a 3–4 digit CVC, as Stripe's card form checks them. */
  function cardFormError(fields: URLSearchParams): string | undefined {
    const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(fields.get('card_expiry') ?? '');
    if (!expiry) return 'Your card’s expiration date is incomplete.';
    const month = Number(expiry[1]);
    const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    const today = new Date(engine.now() * 1000);
    if (month < 1 || month > 12) return 'Your card’s expiration month is invalid.';
    if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) return 'Your card’s expiration date is in the past.';
    if (!/^\d{3,4}$/.test((fields.get('card_cvc') ?? '').trim())) return 'Your card’s security code is incomplete.';
    return undefined;
  }

  function pages(req: Request): Respond | undefined {
    let match = /^\/checkout\/([^/]+)$/.exec(req.path);
    if (match) {
      const session = store.find<Stripe.Checkout.Session>(decodeURIComponent(match[1]), 'checkout.session');
      if (!session) return html(404, linkProblemPage('No such checkout session.'));
      if (req.method === 'GET') return html(200, checkoutView(session));
      if (req.method !== 'POST') return undefined;
      const fields = form(req);
      const values = { name: fields.get('cardholder_name') ?? '', expiry: fields.get('card_expiry') ?? '', email: fields.get('email') ?? '' };
      if (session.status !== 'open') return html(200, checkoutView(session));
      if (!session.customer && !session.customer_email) {
        const email = (fields.get('email') ?? '').trim();
        if (!/^[^\s@]+@[^\s@]+$/.test(email)) return html(400, checkoutView(session, 'Enter a valid email address.', values));
        store.put({ ...session, customer_email: email });
      }
      const problem = cardFormError(fields);
      if (problem) return html(400, checkoutView(session, problem, values));
      try {
        runDue();
        const paid = billing.payCheckoutSession(session.id, fields.get('card_number') ?? '', values.name.trim() || null);
        if (!paid.success_url) return html(200, checkoutDonePage(paid));
        return seeOther(paid.success_url.replace('{CHECKOUT_SESSION_ID}', paid.id));
      } catch (error) {
        if (error instanceof StripeApiError) return html(402, checkoutView(store.get(session.id, 'checkout.session'), error.message, values));
        throw error;
      }
    }
    match = /^\/billing\/([^/]+)(?:\/(card|subscriptions\/([^/]+)\/cancel))?$/.exec(req.path);
    if (match) {
      const portal = store.find<Stripe.BillingPortal.Session>(decodeURIComponent(match[1]), 'billing_portal.session');
      if (!portal) return html(404, linkProblemPage('No such billing portal session.'));
      const view = (message?: { kind: 'ok' | 'error'; text: string }, status = 200) => {
        const customer = store.get<Stripe.Customer>(portal.customer, 'customer');
        const defaultCard = customer.invoice_settings.default_payment_method;
        const card = typeof defaultCard === 'string' ? store.find<Stripe.PaymentMethod>(defaultCard, 'payment_method') : undefined;
        return html(status, portalPage({ portal, customer, card, subscriptions: billing.listSubscriptions({ customer: customer.id, status: 'all' }), openInvoices: store.all<Stripe.Invoice>('invoice', (i) => i.customer === customer.id && i.status === 'open'), message }));
      };
      if (req.method === 'GET' && !match[2]) return view();
      if (req.method !== 'POST' || !match[2]) return undefined;
      runDue();
      if (match[2] === 'card') {
        const fields = form(req);
        const problem = cardFormError(fields);
        if (problem) return view({ kind: 'error', text: problem }, 400);
        try {
          const method = billing.replaceCard(portal.customer, fields.get('card_number') ?? '', (fields.get('cardholder_name') ?? '').trim() || null);
          return view({ kind: 'ok', text: `Card ending in ${method.card?.last4} saved.` });
        } catch (error) {
          if (error instanceof StripeApiError) return view({ kind: 'error', text: error.message }, 402);
          throw error;
        }
      }
      const subscription = store.find<Stripe.Subscription>(decodeURIComponent(match[3]), 'subscription');
      if (!subscription || subscription.customer !== portal.customer) return view({ kind: 'error', text: 'No such subscription.' }, 404);
      billing.updateSubscription(subscription.id, { cancel_at_period_end: 'true' });
      return view({ kind: 'ok', text: 'Your subscription will end at the end of the period.' });
    }
    match = /^\/connect\/onboarding\/([^/]+)$/.exec(req.path);
    if (match) {
      const token = decodeURIComponent(match[1]);
      const found = connect.accountLink(token);
      if (!found) return html(404, linkProblemPage('No such onboarding link.'));
      if (!found.usable) return seeOther(found.link.refreshUrl);
      if (req.method === 'GET') return html(200, onboardingPage({ token, account: found.account }));
      if (req.method !== 'POST') return undefined;
      const fields = form(req);
      const businessName = (fields.get('business_name') ?? '').trim();
      if (!businessName) return html(400, onboardingPage({ token, account: found.account, error: 'Enter your business name.' }));
      try {
        const { returnUrl } = connect.submitOnboarding(token, {
          businessName,
          businessType: fields.get('business_type') === 'individual' ? 'individual' : 'company',
          routingNumber: fields.get('routing_number') ?? '',
          accountNumber: fields.get('account_number') ?? '',
          leaveRequirementsDue: fields.get('leave_requirements_due') === '1',
        });
        return seeOther(returnUrl);
      } catch (error) {
        if (error instanceof StripeApiError) return html(400, onboardingPage({ token, account: found.account, error: error.message }));
        throw error;
      }
    }
    match = /^\/connect\/express\/([^/]+)$/.exec(req.path);
    if (match && req.method === 'GET') {
      const account = connect.loginLinkAccount(decodeURIComponent(match[1]));
      if (!account) return html(404, linkProblemPage('No such login link.'));
      runDue();
      return html(200, expressDashboardPage({ account, balance: engine.balances(account.id), payouts: connect.payoutsOf(account.id), transfers: connect.listTransfers({ destination: account.id }) }));
    }
    return undefined;
  }

  // ---- sandbox controls -------------------------------------------------------------------

  function controlBody(req: Request): Record<string, unknown> {
    if (req.body.trim() === '') return {};
    try {
      const parsed = JSON.parse(req.body) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      return parsed as Record<string, unknown>;
    } catch {
      throw new HttpError(400, 'Send a JSON object body (content-type: application/json)');
    }
  }

  function numberField(body: Record<string, unknown>, name: string, required = false): number | undefined {
    const value = body[name];
    if (value === undefined || value === null) {
      if (required) throw new HttpError(400, `${name} is required`);
      return undefined;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new HttpError(400, `${name} must be a number`);
    return value;
  }

  async function controls(req: Request): Promise<Respond | undefined> {
    const body = req.method === 'POST' ? controlBody(req) : {};
    const clockState = () => ({ now: engine.now(), iso: new Date(engine.now() * 1000).toISOString(), offsetSeconds: store.data.clockOffsetSeconds });
    const asStripe = <T>(fn: () => T): Respond => {
      try {
        return json(200, engine.render(fn()));
      } catch (error) {
        if (error instanceof StripeApiError) return json(error.status, error.body());
        throw error;
      }
    };
    let m: RegExpExecArray | null;
    if (req.path === '/_sandbox/clock') {
      if (req.method === 'GET') return json(200, clockState());
      const seconds = (numberField(body, 'advanceSeconds') ?? 0) + (numberField(body, 'advanceDays') ?? 0) * 86_400;
      if (!Number.isInteger(seconds) || seconds < 0) throw new HttpError(400, 'advanceSeconds / advanceDays must move the clock forward by whole seconds');
      runDue();
      store.data.clockOffsetSeconds += seconds;
      store.changed();
      runDue();
      return json(200, clockState());
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/checkout\/sessions\/([^/]+)\/pay$/.exec(req.path))) {
      const card = typeof body.card === 'string' ? body.card : '4242424242424242';
      return asStripe(() => {
        runDue();
        return billing.payCheckoutSession(m![1], card, typeof body.name === 'string' ? body.name : null);
      });
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/customers\/([^/]+)\/renewal_card$/.exec(req.path))) {
      if (typeof body.card !== 'string') throw new HttpError(400, 'card is required, e.g. "4000000000000341"');
      return asStripe(() => billing.setRenewalCard(m![1], body.card as string));
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/charges\/([^/]+)\/refund$/.exec(req.path))) {
      const amount = numberField(body, 'amount');
      return asStripe(() => billing.createRefund({ charge: m![1], ...(amount !== undefined ? { amount: String(amount) } : {}), ...(typeof body.reason === 'string' ? { reason: body.reason } : {}) }));
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/charges\/([^/]+)\/dispute$/.exec(req.path))) {
      return asStripe(() => billing.createDispute(m![1], { amount: numberField(body, 'amount'), reason: typeof body.reason === 'string' ? body.reason : undefined, inquiry: body.inquiry === true }));
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/disputes\/([^/]+)\/escalate$/.exec(req.path))) {
      return asStripe(() => billing.escalateDispute(m![1]));
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/refunds\/([^/]+)\/fail$/.exec(req.path))) {
      return asStripe(() => billing.failRefund(m![1], typeof body.reason === 'string' ? body.reason : undefined));
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/accounts\/([^/]+)\/deauthorize$/.exec(req.path))) {
      return asStripe(() => connect.deauthorize(m![1]));
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/disputes\/([^/]+)\/close$/.exec(req.path))) {
      if (body.outcome !== 'won' && body.outcome !== 'lost') throw new HttpError(400, 'outcome must be "won" or "lost"');
      return asStripe(() => billing.closeDispute(m![1], body.outcome as 'won' | 'lost'));
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/accounts\/([^/]+)\/onboard$/.exec(req.path))) {
      return asStripe(() =>
        connect.onboard(m![1], {
          leaveRequirementsDue: body.leaveRequirementsDue === true,
          accountNumber: typeof body.accountNumber === 'string' ? body.accountNumber : undefined,
          businessName: typeof body.businessName === 'string' ? body.businessName : undefined,
        }),
      );
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/accounts\/([^/]+)\/payout_failure$/.exec(req.path))) {
      const code = body.code === null || body.code === undefined ? null : String(body.code);
      return asStripe(() => {
        connect.setPayoutFailure(m![1], code);
        return { account: m![1], payoutFailure: code };
      });
    }
    if (req.method === 'POST' && (m = /^\/_sandbox\/payouts\/([^/]+)\/arrive$/.exec(req.path))) {
      return asStripe(() => connect.arriveNow(m![1]));
    }
    if (req.method === 'POST' && req.path === '/_sandbox/platform/balance') {
      const available = numberField(body, 'available', true)!;
      return asStripe(() => connect.setPlatformAvailable(available));
    }
    if (req.path === '/_sandbox/webhook_endpoints') {
      if (req.method === 'GET') return json(200, { data: store.all<Stripe.WebhookEndpoint>('webhook_endpoint').map((e) => ({ ...e, scope: store.internals.endpoints[e.id]?.connect, source: store.internals.endpoints[e.id]?.source })) });
      if (typeof body.url !== 'string') throw new HttpError(400, 'url is required');
      const secret = typeof body.secret === 'string' && body.secret !== '' ? body.secret : DEFAULT_WEBHOOK_SECRET;
      const scope = body.connect === true ? 'connect' : body.connect === false ? 'platform' : 'both';
      return asStripe(() => registerEndpoint(body.url as string, secret, scope, 'control', ['*']));
    }
    if (req.path === '/_sandbox/webhooks/knobs') {
      if (req.method === 'GET') return json(200, webhooks.getKnobs());
      try {
        return json(200, webhooks.setKnobs(body as Partial<DeliveryKnobs>));
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
    }
    if (req.method === 'GET' && req.path === '/_sandbox/webhooks/deliveries') return json(200, { data: webhooks.deliveries() });
    if (req.method === 'POST' && req.path === '/_sandbox/webhooks/flush') {
      await webhooks.flush();
      return json(200, { flushed: true });
    }
    if (req.method === 'POST' && req.path === '/_sandbox/reset') {
      // Deliveries of the old state are dropped, not awaited: an endpoint that is down must not block a reset.
      await webhooks.reset();
      store.reset((id) => store.internals.endpoints[id]?.source === 'startup');
      engine.ensurePlatformFunds();
      return json(200, { reset: true });
    }
    return undefined;
  }

  // ---- HTTP -------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const method = req.method ?? 'GET';
    let respond: Respond | undefined;
    try {
      const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
      const request: Request = { method, path: url.pathname, query: url.searchParams, headers: req.headers, body };
      if (url.pathname === '/healthz') respond = json(200, { status: 'ok' });
      else if (url.pathname.startsWith('/v1/')) respond = api(request);
      else if (url.pathname.startsWith('/_sandbox/')) respond = await controls(request);
      else if (url.pathname === '/') respond = html(200, indexPage(baseUrl));
      else respond = pages(request);
      respond ??= json(404, { error: `No sandbox Stripe route ${method} ${url.pathname}` });
    } catch (error) {
      if (error instanceof HttpError) respond = json(error.status, { error: error.message });
      else if (error instanceof URIError) respond = json(400, { error: 'Malformed request URL' });
      else throw error;
    }
    respond(res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`stripe: request ${req.method} ${req.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) json(500, { error: { type: 'api_error', message: 'The sandbox failed to answer' } })(res);
      else res.destroy();
    });
  });

  let port: number;
  try {
    port = await listenOn(server, options.port, host);
  } catch (error) {
    clearInterval(tick);
    throw error;
  }
  if (!baseUrl) baseUrl = `http://${urlHost(host)}:${port}`;

  return {
    port,
    url: baseUrl,
    engine,
    billing,
    connect,
    webhooks,
    async close() {
      clearInterval(tick);
      webhooks.close();
      store.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function seeOther(location: string): Respond {
  return (res) => {
    res.writeHead(303, { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    res.end();
  };
}

function indexPage(baseUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pie sandbox Stripe</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; } code { overflow-wrap: anywhere; }</style>
</head><body><main><h1>Pie sandbox Stripe</h1>
<p>A stateful stand-in for Stripe's API at <code>${baseUrl}/v1</code>; use the official SDK with
<code>new Stripe('sk_test_…', { host, port, protocol })</code>. Controls under <code>${baseUrl}/_sandbox/</code>;
see <code>apps/sandbox/src/stripe/README.md</code>.</p>
</main></body></html>
`;
}


