import type Stripe from 'stripe';
import { balanceObject, balanceTransactionObject, invoicePaymentObject } from './objects.js';
import { newId, StripeStore, type StripeObject } from './store.js';
import { WebhookDispatcher, type WebhookTarget } from './webhooks.js';

/** The API version the SDK (23.1.0) speaks; events carry it. */
export const API_VERSION = '2026-10-28.endive';

export const PLATFORM = 'platform';
const DAY = 86_400;
/** Card funds settle after this long (Stripe's test-mode US schedule). */
export const CARD_SETTLEMENT_SECONDS = 2 * DAY;
const PLATFORM_STARTING_BALANCE = 100_000_000;

/** A deep copy of a plain JSON object (faster than structuredClone for these). */
function snapshot<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export interface EmitOptions {
  /** Connected account the event belongs to (`event.account`). */
  account?: string;
  previousAttributes?: Record<string, unknown>;
  /** Event time; defaults to the global clock. */
  created?: number;
}

/**
 * The core every part of the stand-in shares: its memory, its clocks, balances derived from
 * balance transactions, events (stored for `GET /v1/events` and delivered to endpoints) and
 * `expand[]`.
 */
export class StripeEngine {
  /** Fields Stripe only shows when expanded (`invoice.payments`, `checkout.session.line_items`). */
  private readonly includables = new Map<string, (id: string) => unknown>();

  constructor(
    readonly store: StripeStore,
    readonly webhooks: WebhookDispatcher,
    readonly publicUrl: () => string,
  ) {
    this.ensurePlatformFunds();
    this.includable('invoice', 'payments', (id) => ({ object: 'list', data: this.invoicePayments(id).map((payment) => this.render(payment)), has_more: false, url: `/v1/invoice_payments?invoice=${id}` }));
  }

  includable(kind: string, field: string, build: (id: string) => unknown): void {
    this.includables.set(`${kind}.${field}`, build);
  }

  // ---- time -------------------------------------------------------------------------------

  /** The sandbox's global time in unix seconds: real time moved forward by the clock control. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.store.data.clockOffsetSeconds;
  }

  /** A customer's time: its test clock's frozen time, or the global clock. */
  nowFor(customerId: string | null | undefined): number {
    if (!customerId) return this.now();
    const customer = this.store.find<Stripe.Customer>(customerId, 'customer');
    const clockId = typeof customer?.test_clock === 'string' ? customer.test_clock : null;
    const clock = clockId ? this.store.find<Stripe.TestHelpers.TestClock>(clockId, 'test_helpers.test_clock') : undefined;
    return clock ? clock.frozen_time : this.now();
  }

  // ---- balances ---------------------------------------------------------------------------

  ensurePlatformFunds(): void {
    const owners = this.store.internals.balanceOwner;
    if (Object.values(owners).includes(PLATFORM)) return;
    const now = this.now();
    this.recordBalance(PLATFORM, { created: now - 1, availableOn: now - 1, amount: PLATFORM_STARTING_BALANCE, fee: 0, currency: 'usd', type: 'topup', reportingCategory: 'topup', source: null, description: 'Sandbox test-mode balance' });
  }

  recordBalance(owner: string, input: Parameters<typeof balanceTransactionObject>[0]): Stripe.BalanceTransaction {
    const txn = this.store.put(balanceTransactionObject(input));
    this.store.internals.balanceOwner[txn.id] = owner;
    return txn;
  }

  balanceTransactionsOf(owner: string): Stripe.BalanceTransaction[] {
    const owners = this.store.internals.balanceOwner;
    return this.store.all<Stripe.BalanceTransaction>('balance_transaction', (txn) => (owners[txn.id] ?? PLATFORM) === owner);
  }

  balances(owner: string): { available: number; pending: number } {
    const now = owner === PLATFORM ? this.now() : this.now();
    let available = 0;
    let pending = 0;
    for (const txn of this.balanceTransactionsOf(owner)) {
      if (txn.available_on <= now) available += txn.net;
      else pending += txn.net;
    }
    return { available, pending };
  }

  balance(owner: string): Stripe.Balance {
    const { available, pending } = this.balances(owner);
    return balanceObject(available, pending);
  }

  // ---- events -----------------------------------------------------------------------------

  emit(type: string, object: { id?: string; object: string }, options: EmitOptions = {}): Stripe.Event {
    const targets = this.targetsFor(type, options.account);
    const event = {
      id: newId('evt', 24),
      object: 'event' as const,
      ...(options.account ? { account: options.account } : {}),
      api_version: API_VERSION,
      created: options.created ?? this.now(),
      data: {
        object: snapshot(object),
        ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: targets.length,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    this.store.put(event as unknown as StripeObject);
    this.webhooks.dispatch(event, targets);
    return event;
  }

  private targetsFor(type: string, account: string | undefined): WebhookTarget[] {
    const internals = this.store.internals.endpoints;
    // An account that deauthorized the platform is no longer connected to it: the platform's Connect
    // endpoints hear nothing more about it (the deauthorization itself is the last event).
    if (account && this.store.internals.deauthorized[account] && type !== 'account.application.deauthorized') return [];
    return this.store
      .all<Stripe.WebhookEndpoint>('webhook_endpoint', (endpoint) => endpoint.status === 'enabled')
      .filter((endpoint) => {
        const scope = internals[endpoint.id]?.connect ?? 'platform';
        if (scope === 'platform' && account) return false;
        if (scope === 'connect' && !account) return false;
        return endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type);
      })
      .map((endpoint) => ({ id: endpoint.id, url: endpoint.url, secret: internals[endpoint.id]?.secret ?? endpoint.secret ?? '' }));
  }

  // ---- rendering --------------------------------------------------------------------------

  /** A copy of a stored object as the API answers it, with `expand[]` paths filled in. */
  render<T>(object: T, expand: string[] = []): T {
    const copy = snapshot(object) as unknown as Record<string, unknown>;
    this.refresh(copy);
    for (const path of expand) this.expandPath(copy, path.split('.'), 0);
    return copy as unknown as T;
  }

  /** Fields that depend on the clock. */
  private refresh(node: Record<string, unknown>): void {
    if (node.object === 'balance_transaction') {
      const txn = node as unknown as Stripe.BalanceTransaction;
      txn.status = txn.available_on <= this.now() ? 'available' : 'pending';
    }
  }

  private expandPath(node: unknown, parts: string[], depth: number): void {
    if (depth > 4 || parts.length === 0 || node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const [key, ...rest] = parts;
    if (key === 'data' && Array.isArray(record.data)) {
      for (const entry of record.data) this.expandPath(entry, rest, depth);
      return;
    }
    const include = this.includables.get(`${String(record.object)}.${key}`);
    if (include) {
      record[key] = include(record.id as string);
    } else {
      const value = record[key];
      if (typeof value === 'string') {
        const target = this.store.data.objects[value];
        if (target) record[key] = this.render(target);
      } else if (Array.isArray(value)) {
        record[key] = value.map((entry) => (typeof entry === 'string' && this.store.data.objects[entry] ? this.render(this.store.data.objects[entry]) : entry));
      }
    }
    if (rest.length > 0) {
      const next = record[key];
      if (Array.isArray(next)) for (const entry of next) this.expandPath(entry, rest, depth + 1);
      else this.expandPath(next, rest, depth + 1);
    }
  }

  /** An invoice's payments, newest first. */
  invoicePayments(invoiceId: string): Stripe.InvoicePayment[] {
    const ids = this.store.internals.invoicePayments[invoiceId] ?? [];
    return ids.map((id) => this.store.find<Stripe.InvoicePayment>(id, 'invoice_payment')).filter((p): p is Stripe.InvoicePayment => p !== undefined).reverse();
  }

  recordInvoicePayment(input: Parameters<typeof invoicePaymentObject>[0]): Stripe.InvoicePayment {
    for (const earlier of this.invoicePayments(input.invoice.id)) {
      if (earlier.status === 'open') this.store.put({ ...earlier, status: 'canceled', is_default: false, status_transitions: { ...earlier.status_transitions, canceled_at: input.created } });
    }
    const payment = this.store.put(invoicePaymentObject(input));
    (this.store.internals.invoicePayments[input.invoice.id] ??= []).push(payment.id);
    return payment;
  }
}
