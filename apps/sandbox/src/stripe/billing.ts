import type Stripe from 'stripe';
import { DISPUTE_FEE_CENTS, stripeCardFee, testCard } from './cards.js';
import { CARD_SETTLEMENT_SECONDS, PLATFORM, type StripeEngine } from './engine.js';
import { cardDeclined, invalid, missingParam, StripeApiError } from './errors.js';
import {
  chargeObject,
  checkoutSessionObject,
  customerObject,
  disputeObject,
  invoiceLineObject,
  invoiceObject,
  paymentIntentObject,
  paymentMethodObject,
  portalSessionObject,
  priceObject,
  productObject,
  refundObject,
  subscriptionItemObject,
  subscriptionObject,
  testClockObject,
} from './objects.js';
import {
  currencyParam,
  metadataParam,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredInteger,
  requiredString,
  type Params,
} from './params.js';
import { addInterval } from './intervals.js';
import { SubscriptionSchedules } from './schedules.js';
import { newId } from './store.js';

const DAY = 86_400;
/** Days after an invoice's first failed attempt on which it is tried again; then it is given up. */
const RETRY_DAYS = [3, 5, 7];

type Interval = Stripe.Price.Recurring.Interval;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Dispute statuses of an inquiry still open (Stripe's early warnings: no funds withdrawn). */
const INQUIRY_OPEN = new Set<string>(['warning_needs_response', 'warning_under_review']);
const OPEN_DISPUTE = new Set<string>([...INQUIRY_OPEN, 'needs_response', 'under_review']);
/** Closed disputes whose charge can be refunded again: an inquiry that never became a chargeback, a chargeback won. */
const REFUNDABLE_AFTER = new Set<string>(['warning_closed', 'won']);

/**
 * Customers, products and prices, Checkout in subscription mode, subscriptions with renewals on
 * the clock, invoices, payments with Stripe's fee, refunds, disputes, the Billing Portal and test
 * clocks.
 */
export class Billing {
  /** Subscription schedules: changes that wait for a period's end (`/v1/subscription_schedules`). */
  readonly schedules: SubscriptionSchedules;

  constructor(private readonly engine: StripeEngine) {
    this.schedules = new SubscriptionSchedules(engine, this);
  }

  private get store() {
    return this.engine.store;
  }

  // ---- customers, products, prices --------------------------------------------------------

  createCustomer(params: Params): Stripe.Customer {
    const testClock = optionalString(params, 'test_clock') ?? null;
    if (testClock) this.store.get(testClock, 'test_helpers.test_clock', 'test clock', 'test_clock');
    const email = optionalString(params, 'email') ?? null;
    if (email !== null && email !== '' && !/^[^\s@]+@[^\s@]+$/.test(email)) throw invalid('Invalid email address: ' + email, 'email', 'email_invalid');
    const created = testClock ? this.store.get<Stripe.TestHelpers.TestClock>(testClock, 'test_helpers.test_clock').frozen_time : this.engine.now();
    const customer = this.store.put(
      customerObject({ created, email: email || null, name: optionalString(params, 'name') ?? null, metadata: metadataParam(params) ?? {}, testClock, description: optionalString(params, 'description') ?? null }),
    );
    this.engine.emit('customer.created', customer, { created });
    return customer;
  }

  updateCustomer(id: string, params: Params): Stripe.Customer {
    const customer = this.store.get<Stripe.Customer>(id, 'customer');
    const email = optionalString(params, 'email');
    const name = optionalString(params, 'name');
    const metadata = metadataParam(params, customer.metadata);
    const settings = optionalObject(params, 'invoice_settings');
    // `balance`: negative is credit the customer's next invoices use up before any card is charged.
    const balance = optionalInteger(params, 'balance', 'balance', Number.MIN_SAFE_INTEGER);
    const next: Stripe.Customer = { ...customer, ...(email !== undefined ? { email: email || null } : {}), ...(name !== undefined ? { name: name || null } : {}), ...(metadata ? { metadata } : {}), ...(balance !== undefined ? { balance } : {}) };
    const pm = settings ? optionalString(settings, 'default_payment_method', 'invoice_settings[default_payment_method]') : undefined;
    if (pm) {
      const method = this.store.get<Stripe.PaymentMethod>(pm, 'payment_method', 'PaymentMethod', 'invoice_settings[default_payment_method]');
      if (method.customer !== id) throw invalid(`The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`, 'invoice_settings[default_payment_method]', 'resource_missing');
      next.invoice_settings = { ...next.invoice_settings, default_payment_method: pm };
    }
    this.store.put(next);
    this.engine.emit('customer.updated', next, { created: this.engine.nowFor(id) });
    return next;
  }

  deleteCustomer(id: string): Stripe.DeletedCustomer {
    this.store.get<Stripe.Customer>(id, 'customer');
    for (const subscription of this.store.all<Stripe.Subscription>('subscription', (s) => s.customer === id && s.status !== 'canceled')) this.cancelNow(subscription, 'cancellation_requested');
    this.store.remove(id);
    return { id, object: 'customer', deleted: true };
  }

  listCustomers(params: Params): Stripe.Customer[] {
    const email = optionalString(params, 'email');
    return this.store.all<Stripe.Customer>('customer', (c) => email === undefined || c.email === email);
  }

  createProduct(params: Params): Stripe.Product {
    const name = requiredString(params, 'name');
    return this.store.put(productObject({ created: this.engine.now(), name, metadata: metadataParam(params) ?? {} }));
  }

  createPrice(params: Params, label = ''): Stripe.Price {
    const currency = currencyParam(params, 'currency', `${label}currency`);
    const unitAmount = requiredInteger(params, 'unit_amount', `${label}unit_amount`);
    let product = optionalString(params, 'product');
    const productData = optionalObject(params, 'product_data', `${label}product_data`);
    if (product) this.store.get(product, 'product', 'product', `${label}product`);
    else if (productData) product = this.createProduct({ name: requiredString(productData, 'name', `${label}product_data[name]`), ...(productData.metadata ? { metadata: productData.metadata } : {}) }).id;
    else throw missingParam(`${label}product`);
    const recurringParams = optionalObject(params, 'recurring', `${label}recurring`);
    let recurring: { interval: Interval; interval_count: number } | null = null;
    if (recurringParams) {
      const interval = requiredString(recurringParams, 'interval', `${label}recurring[interval]`);
      if (!['day', 'week', 'month', 'year'].includes(interval)) throw invalid(`Invalid recurring[interval]: must be one of day, week, month, or year`, `${label}recurring[interval]`, 'parameter_invalid_string');
      const count = optionalInteger(recurringParams, 'interval_count', `${label}recurring[interval_count]`, 1) ?? 1;
      const daysPerInterval: Record<string, number> = { day: 1, week: 7, month: 31, year: 366 };
      const maxDays = daysPerInterval[interval] * count;
      if (maxDays > 3 * 366) throw invalid('The maximum billing interval is three years.', `${label}recurring[interval_count]`, 'parameter_invalid_integer');
      recurring = { interval: interval as Interval, interval_count: count };
    }
    return this.store.put(
      priceObject({ created: this.engine.now(), currency, unitAmount, product, recurring, metadata: metadataParam(params) ?? {}, nickname: optionalString(params, 'nickname') ?? null, lookupKey: optionalString(params, 'lookup_key') ?? null }),
    );
  }

  /** A line item's price: `price` (an id) or `price_data` (made on the spot, as Stripe does). */
  private resolvePrice(item: Params, label: string): Stripe.Price {
    const priceId = optionalString(item, 'price', `${label}[price]`);
    if (priceId) return this.store.get<Stripe.Price>(priceId, 'price', 'price', `${label}[price]`);
    const data = optionalObject(item, 'price_data', `${label}[price_data]`);
    if (!data) throw missingParam(`${label}[price]`);
    return this.createPrice(data, `${label}[price_data]`);
  }

  /** A price given as `price` or `price_data` (schedules' phase items). */
  priceOf(item: Params, label: string): Stripe.Price {
    return this.resolvePrice(item, label);
  }

  private lineItems(params: Params, name: string): Array<{ price: Stripe.Price; quantity: number }> {
    const list = optionalArray(params, name);
    if (!list || list.length === 0) throw missingParam(name);
    return list.map((entry, index) => {
      const label = `${name}[${index}]`;
      if (typeof entry !== 'object' || Array.isArray(entry)) throw invalid('Invalid object', label, 'parameter_invalid_object');
      const price = this.resolvePrice(entry, label);
      if (!price.recurring) throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', `${label}[price]`, 'parameter_invalid_string');
      const quantity = optionalInteger(entry, 'quantity', `${label}[quantity]`, 1) ?? 1;
      return { price, quantity };
    });
  }

  // ---- payment methods --------------------------------------------------------------------

  /** A card payment method for a typed test card, attached to the customer; a declined card throws. */
  attachCard(customerId: string, cardNumber: string, name: string | null): Stripe.PaymentMethod {
    const card = testCard(cardNumber);
    if (!card) throw new StripeApiError(402, 'card_error', 'Your card number is incorrect.', 'incorrect_number', 'number');
    if (card.outcome === 'declined') throw cardDeclined('generic_decline');
    if (card.outcome === 'insufficient_funds') throw cardDeclined('insufficient_funds');
    const method = this.store.put(paymentMethodObject({ created: this.engine.nowFor(customerId), customer: customerId, last4: card.last4, name }));
    this.store.internals.cards[method.id] = card.number;
    return method;
  }

  setDefaultCard(customerId: string, paymentMethodId: string): void {
    const customer = this.store.get<Stripe.Customer>(customerId, 'customer');
    this.store.put({ ...customer, invoice_settings: { ...customer.invoice_settings, default_payment_method: paymentMethodId } });
    this.store.internals.renewalCard[customerId] = paymentMethodId;
  }

  /** The sandbox control: later invoices of this customer are charged to this card; open ones are retried with it. */
  setRenewalCard(customerId: string, cardNumber: string): Stripe.PaymentMethod {
    this.store.get<Stripe.Customer>(customerId, 'customer');
    const card = testCard(cardNumber);
    if (!card) throw invalid(`Unknown test card ${cardNumber}`, 'card');
    const method = this.store.put(paymentMethodObject({ created: this.engine.nowFor(customerId), customer: customerId, last4: card.last4, name: null }));
    this.store.internals.cards[method.id] = card.number;
    this.store.internals.renewalCard[customerId] = method.id;
    this.retryOpenInvoices(customerId);
    return method;
  }

  // ---- checkout ---------------------------------------------------------------------------

  createCheckoutSession(params: Params): Stripe.Checkout.Session {
    const mode = requiredString(params, 'mode');
    if (mode !== 'subscription') throw invalid(`The sandbox supports Checkout in subscription mode only (got mode=${mode}).`, 'mode', 'parameter_invalid_string');
    const customer = optionalString(params, 'customer') ?? null;
    if (customer) this.store.get(customer, 'customer', 'customer', 'customer');
    const customerEmail = optionalString(params, 'customer_email') ?? null;
    if (customer && customerEmail) throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email', 'parameter_unknown');
    const items = this.lineItems(params, 'line_items');
    const currency = items[0].price.currency;
    const subscriptionData = optionalObject(params, 'subscription_data') ?? {};
    const successUrl = optionalString(params, 'success_url') ?? null;
    const cancelUrl = optionalString(params, 'cancel_url') ?? null;
    for (const [name, url] of [['success_url', successUrl], ['cancel_url', cancelUrl]] as const) {
      if (url !== null && !/^https?:\/\/[^\s]+$/.test(url)) throw invalid(`Not a valid URL`, name, 'url_invalid');
    }
    const id = newId('cs_test', 58);
    const session = checkoutSessionObject({
      id,
      created: this.engine.nowFor(customer),
      url: `${this.engine.publicUrl()}/checkout/${id}`,
      amountTotal: items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * item.quantity, 0),
      currency,
      customer,
      customerEmail: customerEmail ?? (customer ? this.store.get<Stripe.Customer>(customer, 'customer').email : null),
      clientReferenceId: optionalString(params, 'client_reference_id') ?? null,
      metadata: metadataParam(params) ?? {},
      successUrl,
      cancelUrl,
    });
    this.store.internals.sessions[id] = {
      items: items.map((item) => ({ price: item.price.id, quantity: item.quantity })),
      subscriptionMetadata: metadataParam(subscriptionData) ?? {},
    };
    return this.store.put(session);
  }

  sessionItems(sessionId: string): Array<{ price: Stripe.Price; quantity: number }> {
    const saved = this.store.internals.sessions[sessionId];
    return (saved?.items ?? []).map((item) => ({ price: this.store.get<Stripe.Price>(item.price, 'price'), quantity: item.quantity }));
  }

  expireCheckoutSession(id: string): Stripe.Checkout.Session {
    const session = this.store.get<Stripe.Checkout.Session>(id, 'checkout.session', 'checkout session');
    if (session.status !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    const next = this.store.put({ ...session, status: 'expired' as const, url: null });
    this.engine.emit('checkout.session.expired', next);
    return next;
  }

  /**
   * Pays an open session with a test card: customer (made when missing), default card,
   * subscription, first invoice, payment. A declined card throws and changes nothing.
   */
  payCheckoutSession(id: string, cardNumber: string, cardholderName: string | null): Stripe.Checkout.Session {
    const session = this.store.get<Stripe.Checkout.Session>(id, 'checkout.session', 'checkout session');
    if (session.status !== 'open') throw invalid(`This Checkout Session is ${session.status}; it can no longer be paid.`, undefined);
    const now = this.engine.nowFor(idOf(session.customer));
    if (session.expires_at <= now) {
      this.expireCheckoutSession(id);
      throw invalid('This Checkout Session has expired.');
    }
    const card = testCard(cardNumber);
    if (!card) throw new StripeApiError(402, 'card_error', 'Your card number is incorrect.', 'incorrect_number', 'number');
    // The first payment happens here: a card that fails charges fails now, before anything is made.
    if (card.outcome === 'declined' || card.outcome === 'fails_later') throw cardDeclined('generic_decline');
    if (card.outcome === 'insufficient_funds') throw cardDeclined('insufficient_funds');

    let customerId = idOf(session.customer);
    if (!customerId) customerId = this.createCustomer({ ...(session.customer_email ? { email: session.customer_email } : {}), ...(cardholderName ? { name: cardholderName } : {}) }).id;
    const method = this.attachCard(customerId, cardNumber, cardholderName);
    this.setDefaultCard(customerId, method.id);
    const { subscription, invoice } = this.startSubscription(customerId, this.sessionItems(id), this.store.internals.sessions[id]?.subscriptionMetadata ?? {}, method.id);
    const customer = this.store.get<Stripe.Customer>(customerId, 'customer');
    const completed = this.store.put({
      ...session,
      status: 'complete' as const,
      payment_status: 'paid' as const,
      customer: customerId,
      customer_details: { address: null, business_name: null, email: customer.email, individual_name: null, name: customer.name ?? cardholderName, phone: null, tax_exempt: 'none' as const, tax_ids: [] },
      subscription: subscription.id,
      invoice: invoice.id,
      url: null,
    });
    this.engine.emit('checkout.session.completed', completed, { created: this.engine.nowFor(customerId) });
    return completed;
  }

  // ---- subscriptions ----------------------------------------------------------------------

  createSubscription(params: Params): Stripe.Subscription {
    const customerId = requiredString(params, 'customer');
    const customer = this.store.get<Stripe.Customer>(customerId, 'customer', 'customer', 'customer');
    const items = this.lineItems(params, 'items');
    const explicit = optionalString(params, 'default_payment_method');
    if (explicit) {
      const method = this.store.get<Stripe.PaymentMethod>(explicit, 'payment_method', 'PaymentMethod', 'default_payment_method');
      if (method.customer !== customerId) throw invalid(`The customer does not have a payment method with the ID ${explicit}.`, 'default_payment_method', 'resource_missing');
    }
    const paymentMethod = explicit ?? idOf(customer.invoice_settings.default_payment_method);
    return this.startSubscription(customerId, items, metadataParam(params) ?? {}, paymentMethod).subscription;
  }

  private startSubscription(customerId: string, items: Array<{ price: Stripe.Price; quantity: number }>, metadata: Record<string, string>, paymentMethod: string | null) {
    const now = this.engine.nowFor(customerId);
    const customer = this.store.get<Stripe.Customer>(customerId, 'customer');
    const id = newId('sub', 24);
    const subscriptionItems = items.map(({ price, quantity }) => {
      const recurring = price.recurring!;
      return subscriptionItemObject({ created: now, price, quantity, subscription: id, periodStart: now, periodEnd: addInterval(now, recurring.interval, recurring.interval_count) });
    });
    let subscription = this.store.put(
      subscriptionObject({ id, created: now, customer: customerId, currency: items[0].price.currency, metadata, defaultPaymentMethod: paymentMethod, testClock: idOf(customer.test_clock), items: subscriptionItems }),
    );
    const item = subscriptionItems[0];
    const invoice = this.openInvoice(subscription, 'subscription_create', item.current_period_start, item.current_period_end, now);
    const paid = this.collect(invoice.id, paymentMethod, now, 'Subscription creation');
    subscription = this.store.put({ ...subscription, status: paid ? 'active' : 'incomplete', latest_invoice: invoice.id });
    this.engine.emit('customer.subscription.created', subscription, { created: now });
    return { subscription, invoice: this.store.get<Stripe.Invoice>(invoice.id, 'invoice') };
  }

  updateSubscription(id: string, params: Params): Stripe.Subscription {
    const current = this.store.get<Stripe.Subscription>(id, 'subscription');
    if (current.status === 'canceled') throw invalid(`A canceled subscription can only update its cancellation_details and metadata.`, undefined);
    const now = this.engine.nowFor(idOf(current.customer));
    const previous: Record<string, unknown> = {};
    let next: Stripe.Subscription = { ...current };
    const cancelAtPeriodEnd = optionalBoolean(params, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== current.cancel_at_period_end) {
      const periodEnd = current.items.data[0].current_period_end;
      previous.cancel_at_period_end = current.cancel_at_period_end;
      previous.cancel_at = current.cancel_at;
      next = {
        ...next,
        cancel_at_period_end: cancelAtPeriodEnd,
        cancel_at: cancelAtPeriodEnd ? periodEnd : null,
        canceled_at: cancelAtPeriodEnd ? now : null,
        cancellation_details: { ...next.cancellation_details!, reason: cancelAtPeriodEnd ? 'cancellation_requested' : null },
      };
    }
    const metadata = metadataParam(params, current.metadata);
    if (metadata) {
      previous.metadata = current.metadata;
      next.metadata = metadata;
    }
    const paymentMethod = optionalString(params, 'default_payment_method');
    if (paymentMethod) {
      const method = this.store.get<Stripe.PaymentMethod>(paymentMethod, 'payment_method', 'PaymentMethod', 'default_payment_method');
      if (method.customer !== idOf(current.customer)) throw invalid(`The customer does not have a payment method with the ID ${paymentMethod}.`, 'default_payment_method', 'resource_missing');
      previous.default_payment_method = current.default_payment_method;
      next.default_payment_method = paymentMethod;
    }
    const items = optionalArray(params, 'items');
    let intervalChanged = false;
    if (items && items.length > 0) {
      const entry = items[0];
      if (typeof entry !== 'object' || Array.isArray(entry)) throw invalid('Invalid object', 'items[0]', 'parameter_invalid_object');
      const itemId = optionalString(entry, 'id', 'items[0][id]');
      const target = itemId ? current.items.data.find((item) => item.id === itemId) : current.items.data[0];
      if (!target) throw invalid(`No such subscription item: '${itemId}'`, 'items[0][id]', 'resource_missing');
      const price = this.resolvePrice(entry, 'items[0]');
      if (!price.recurring) throw invalid('The price must be recurring.', 'items[0][price]', 'parameter_invalid_string');
      const quantity = optionalInteger(entry, 'quantity', 'items[0][quantity]', 1) ?? target.quantity ?? 1;
      previous.items = current.items;
      const before = target.price.recurring;
      intervalChanged = before?.interval !== price.recurring.interval || before?.interval_count !== price.recurring.interval_count;
      const proration = optionalString(params, 'proration_behavior') ?? 'create_prorations';
      if (intervalChanged && proration !== 'none') {
        throw invalid('The sandbox models a change of billing interval with proration_behavior=none only (Stripe would also credit the unused time of the current period).', 'proration_behavior');
      }
      // Same interval: the new price is billed from the next renewal (no proration). Another
      // interval: as on Stripe, the billing cycle restarts now and the new period is invoiced at once.
      const period = intervalChanged ? { current_period_start: now, current_period_end: addInterval(now, price.recurring.interval, price.recurring.interval_count) } : {};
      const updated = { ...target, ...period, price, plan: { ...target.plan, id: price.id, amount: price.unit_amount, amount_decimal: price.unit_amount_decimal, interval: price.recurring.interval, interval_count: price.recurring.interval_count }, quantity };
      next.items = { ...current.items, data: current.items.data.map((item) => (item.id === target.id ? updated : item)) };
      if (intervalChanged) {
        previous.billing_cycle_anchor = current.billing_cycle_anchor;
        next.billing_cycle_anchor = now;
      }
    }
    this.store.put(next);
    if (intervalChanged) {
      const item = next.items.data[0];
      const invoice = this.openInvoice(next, 'subscription_update', item.current_period_start, item.current_period_end, now);
      this.store.put({ ...this.store.get<Stripe.Subscription>(id, 'subscription'), latest_invoice: invoice.id });
      const method = this.cardFor(idOf(next.customer)!, id);
      const paid = method ? this.attemptPayment(invoice.id, method, now, 'Subscription update') : false;
      if (!method) this.emitInvoiceFailure(invoice.id, now);
      this.afterInvoiceAttempt(invoice.id, paid, now);
      next = this.store.get<Stripe.Subscription>(id, 'subscription');
    }
    if (Object.keys(previous).length > 0) this.engine.emit('customer.subscription.updated', next, { created: now, previousAttributes: previous });
    return next;
  }

  cancelNow(subscription: Stripe.Subscription, reason: Stripe.Subscription.CancellationDetails.Reason): Stripe.Subscription {
    if (subscription.status === 'canceled') return subscription;
    const now = this.engine.nowFor(idOf(subscription.customer));
    const next = this.store.put({
      ...subscription,
      status: 'canceled' as const,
      canceled_at: subscription.canceled_at ?? now,
      ended_at: now,
      cancellation_details: { ...subscription.cancellation_details!, reason },
    });
    this.schedules.subscriptionEnded(next, now);
    // Open invoices of a canceled subscription are not collected any more.
    for (const invoice of this.store.all<Stripe.Invoice>('invoice', (i) => i.status === 'open' && this.subscriptionOf(i) === subscription.id)) {
      this.store.put({ ...invoice, status: 'void' as const, next_payment_attempt: null, status_transitions: { ...invoice.status_transitions, voided_at: now } });
    }
    this.engine.emit('customer.subscription.deleted', next, { created: now });
    return next;
  }

  /**
   * `DELETE /v1/subscriptions/:id`: ends it now. Stripe's defaults (`invoice_now` and `prorate`
   * false) make no final invoice and no credit for the unused time; the sandbox refuses `true` for
   * either rather than pretend to make them.
   */
  cancelSubscription(id: string, params: Params = {}): Stripe.Subscription {
    for (const name of ['invoice_now', 'prorate'] as const) {
      if (optionalBoolean(params, name)) throw invalid(`The sandbox cancels without a final or proration invoice only (${name}=true is not modelled).`, name);
    }
    const subscription = this.store.get<Stripe.Subscription>(id, 'subscription');
    if (subscription.status === 'canceled') throw invalid(`No such subscription: '${id}'. It has been canceled.`, 'id', 'resource_missing');
    return this.cancelNow(subscription, 'cancellation_requested');
  }

  listSubscriptions(params: Params): Stripe.Subscription[] {
    const customer = optionalString(params, 'customer');
    const status = optionalString(params, 'status');
    const price = optionalString(params, 'price');
    return this.store.all<Stripe.Subscription>(
      'subscription',
      (s) =>
        (customer === undefined || s.customer === customer) &&
        (price === undefined || s.items.data.some((item) => item.price.id === price)) &&
        (status === 'all' || (status === undefined ? s.status !== 'canceled' : s.status === status)),
    );
  }

  // ---- invoices and payments --------------------------------------------------------------

  subscriptionOf(invoice: Stripe.Invoice): string | null {
    return idOf(invoice.parent?.subscription_details?.subscription ?? null);
  }

  private openInvoice(subscription: Stripe.Subscription, reason: Stripe.Invoice.BillingReason, periodStart: number, periodEnd: number, now: number): Stripe.Invoice {
    const customer = this.store.get<Stripe.Customer>(idOf(subscription.customer)!, 'customer');
    const id = newId('in', 24);
    const lines = subscription.items.data.map((item) => invoiceLineObject({ invoice: id, subscription, item, periodStart, periodEnd }));
    const sequence = customer.next_invoice_sequence ?? 1;
    this.store.put({ ...customer, next_invoice_sequence: sequence + 1 });
    const draft = invoiceObject({ id, created: now, customer, subscription, billingReason: reason, lines, periodStart, periodEnd, number: `${customer.invoice_prefix ?? 'PIE'}-${String(sequence).padStart(4, '0')}` });
    this.store.put(draft);
    this.engine.emit('invoice.created', draft, { created: now });
    // Finalizing applies the customer's balance (credit is negative): what it covers is not charged.
    const startingBalance = this.store.get<Stripe.Customer>(customer.id, 'customer').balance;
    const amountDue = Math.max(0, draft.total + startingBalance);
    const endingBalance = draft.total + startingBalance - amountDue;
    if (startingBalance !== 0) this.store.put({ ...this.store.get<Stripe.Customer>(customer.id, 'customer'), balance: endingBalance });
    const open = this.store.put({
      ...draft,
      status: 'open' as const,
      starting_balance: startingBalance,
      ending_balance: endingBalance,
      amount_due: amountDue,
      amount_remaining: amountDue,
      effective_at: now,
      status_transitions: { ...draft.status_transitions, finalized_at: now },
    });
    this.engine.emit('invoice.finalized', open, { created: now });
    return open;
  }

  /**
   * Collects an open invoice: one with nothing due (credit balance, 100% discount) is paid at once
   * without a charge, as Stripe does; otherwise the card is charged (false when there is none).
   */
  private collect(invoiceId: string, paymentMethodId: string | null, now: number, description: string): boolean {
    const invoice = this.store.get<Stripe.Invoice>(invoiceId, 'invoice');
    if (invoice.amount_due === 0) {
      this.markPaid(invoice, now, { amountPaid: 0, offStripe: 0 });
      return true;
    }
    if (!paymentMethodId) {
      this.emitInvoiceFailure(invoiceId, now);
      return false;
    }
    return this.attemptPayment(invoiceId, paymentMethodId, now, description);
  }

  /** An invoice paid with no charge (nothing due, or paid outside Stripe): `invoice.paid` and `invoice.payment_succeeded`. */
  private markPaid(invoice: Stripe.Invoice, now: number, amounts: { amountPaid: number; offStripe: number }): Stripe.Invoice {
    const paid = this.store.put({
      ...invoice,
      status: 'paid' as const,
      amount_paid: amounts.amountPaid,
      ...(amounts.offStripe > 0 ? { amount_paid_off_stripe: amounts.offStripe } : {}),
      amount_remaining: 0,
      attempted: true,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, paid_at: now },
    });
    this.engine.emit('invoice.paid', paid, { created: now });
    this.engine.emit('invoice.payment_succeeded', paid, { created: now });
    return paid;
  }

  /** Charges an open invoice to a card; true when paid. Records the charge, fee and events either way. */
  attemptPayment(invoiceId: string, paymentMethodId: string, now: number, description: string): boolean {
    const invoice = this.store.get<Stripe.Invoice>(invoiceId, 'invoice');
    const method = this.store.get<Stripe.PaymentMethod>(paymentMethodId, 'payment_method');
    const customerId = idOf(invoice.customer)!;
    const card = testCard(this.store.internals.cards[paymentMethodId] ?? '');
    const succeeds = card?.outcome === 'succeeds';
    const declineCode = card?.outcome === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline';
    let intent = paymentIntentObject({ created: now, amount: invoice.amount_due, currency: invoice.currency, customer: customerId, paymentMethod: paymentMethodId, description });
    let charge = chargeObject({
      created: now,
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: customerId,
      paymentIntent: intent.id,
      paymentMethod: method,
      description,
      failure: succeeds ? null : { code: 'card_declined', declineCode, message: declineCode === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.' },
      balanceTransaction: null,
    });
    const attempts = invoice.attempt_count + 1;
    if (succeeds) {
      const fee = stripeCardFee(charge.amount);
      const txn = this.engine.recordBalance(PLATFORM, { created: now, availableOn: now + CARD_SETTLEMENT_SECONDS, amount: charge.amount, fee, currency: charge.currency, type: 'charge', reportingCategory: 'charge', source: charge.id, description });
      charge = { ...charge, balance_transaction: txn.id };
      intent = { ...intent, status: 'succeeded', amount_received: charge.amount, latest_charge: charge.id };
      this.store.put(intent);
      this.store.put(charge);
      const paid = this.store.put({
        ...invoice,
        status: 'paid' as const,
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
        attempted: true,
        attempt_count: attempts,
        next_payment_attempt: null,
        default_payment_method: paymentMethodId,
        status_transitions: { ...invoice.status_transitions, paid_at: now },
      });
      this.engine.recordInvoicePayment({ created: now, invoice: paid, paymentIntent: intent.id, paid: true });
      this.engine.emit('charge.succeeded', charge, { created: now });
      this.engine.emit('invoice.paid', paid, { created: now });
      this.engine.emit('invoice.payment_succeeded', paid, { created: now });
      return true;
    }
    intent = {
      ...intent,
      status: 'requires_payment_method',
      latest_charge: charge.id,
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message: charge.failure_message ?? 'Your card was declined.', charge: charge.id } as Stripe.PaymentIntent.LastPaymentError,
    };
    this.store.put(intent);
    this.store.put(charge);
    const retryIn = RETRY_DAYS[attempts - 1];
    const base = invoice.status_transitions.finalized_at ?? now;
    const failed = this.store.put({ ...invoice, attempted: true, attempt_count: attempts, next_payment_attempt: retryIn === undefined ? null : base + retryIn * DAY });
    this.engine.recordInvoicePayment({ created: now, invoice: failed, paymentIntent: intent.id, paid: false });
    this.engine.emit('charge.failed', charge, { created: now });
    this.engine.emit('invoice.payment_failed', failed, { created: now });
    return false;
  }

  private emitInvoiceFailure(invoiceId: string, now: number): void {
    const invoice = this.store.get<Stripe.Invoice>(invoiceId, 'invoice');
    const failed = this.store.put({ ...invoice, attempted: true, attempt_count: invoice.attempt_count + 1, next_payment_attempt: null });
    this.engine.emit('invoice.payment_failed', failed, { created: now });
  }

  /** `POST /v1/invoices/:id/pay`: charges the open invoice to the customer's card now. */
  payInvoice(id: string, params: Params): Stripe.Invoice {
    const invoice = this.store.get<Stripe.Invoice>(id, 'invoice');
    if (invoice.status === 'paid') throw invalid('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'open') throw invalid(`You can only pay an open invoice (this one is ${invoice.status}).`, undefined, 'invoice_not_open');
    const customerId = idOf(invoice.customer)!;
    if (optionalBoolean(params, 'paid_out_of_band')) {
      // Paid outside Stripe: no charge is made; Stripe only records that it was paid.
      const now = this.engine.nowFor(customerId);
      const paid = this.markPaid(invoice, now, { amountPaid: invoice.amount_due, offStripe: invoice.amount_due });
      this.afterInvoiceAttempt(id, true, now);
      return paid;
    }
    const method = optionalString(params, 'payment_method') ?? this.cardFor(customerId, this.subscriptionOf(invoice));
    if (!method) throw invalid('This customer has no attached payment source or default payment method.', undefined, 'invoice_no_customer_line_items');
    const now = this.engine.nowFor(customerId);
    const paid = this.attemptPayment(id, method, now, 'Subscription update');
    this.afterInvoiceAttempt(id, paid, now);
    if (!paid) {
      const charge = this.store.get<Stripe.PaymentIntent>(this.engine.invoicePayments(id)[0].payment.payment_intent as string, 'payment_intent').latest_charge as string;
      throw cardDeclined('generic_decline', charge);
    }
    return this.store.get<Stripe.Invoice>(id, 'invoice');
  }

  private cardFor(customerId: string, subscriptionId: string | null): string | null {
    const renewal = this.store.internals.renewalCard[customerId];
    if (renewal) return renewal;
    const subscription = subscriptionId ? this.store.find<Stripe.Subscription>(subscriptionId, 'subscription') : undefined;
    const customer = this.store.get<Stripe.Customer>(customerId, 'customer');
    return idOf(subscription?.default_payment_method ?? null) ?? idOf(customer.invoice_settings.default_payment_method);
  }

  /** Subscription status follows its invoices: paid → active, failed → past_due, given up → canceled. */
  private afterInvoiceAttempt(invoiceId: string, paid: boolean, now: number): void {
    const invoice = this.store.get<Stripe.Invoice>(invoiceId, 'invoice');
    const subscriptionId = this.subscriptionOf(invoice);
    if (!subscriptionId) return;
    const subscription = this.store.get<Stripe.Subscription>(subscriptionId, 'subscription');
    if (subscription.status === 'canceled') return;
    if (paid) {
      const stillOpen = this.store.all<Stripe.Invoice>('invoice', (i) => i.status === 'open' && this.subscriptionOf(i) === subscriptionId);
      if (stillOpen.length === 0 && subscription.status !== 'active') {
        const next = this.store.put({ ...subscription, status: 'active' as const });
        this.engine.emit('customer.subscription.updated', next, { created: now, previousAttributes: { status: subscription.status } });
      }
      return;
    }
    if (invoice.next_payment_attempt === null && invoice.attempt_count > RETRY_DAYS.length) {
      this.store.put({ ...invoice, status: 'uncollectible' as const, status_transitions: { ...invoice.status_transitions, marked_uncollectible_at: now } });
      this.cancelNow(this.store.get<Stripe.Subscription>(subscriptionId, 'subscription'), 'payment_failed');
      return;
    }
    if (subscription.status !== 'past_due' && subscription.status !== 'incomplete') {
      const next = this.store.put({ ...subscription, status: 'past_due' as const });
      this.engine.emit('customer.subscription.updated', next, { created: now, previousAttributes: { status: subscription.status } });
    }
  }

  private retryOpenInvoices(customerId: string): void {
    const now = this.engine.nowFor(customerId);
    for (const invoice of this.store.all<Stripe.Invoice>('invoice', (i) => i.status === 'open' && i.customer === customerId).reverse()) {
      const method = this.cardFor(customerId, this.subscriptionOf(invoice));
      if (!method) continue;
      const paid = this.attemptPayment(invoice.id, method, now, 'Subscription update');
      // A retry the customer asked for does not move the automatic schedule forward.
      if (!paid) this.store.put({ ...this.store.get<Stripe.Invoice>(invoice.id, 'invoice'), next_payment_attempt: invoice.next_payment_attempt, attempt_count: invoice.attempt_count });
      this.afterInvoiceAttempt(invoice.id, paid, now);
    }
  }

  /** Renewals, cancellations at period end and invoice retries that are due by each clock. */
  runDue(onlyClock?: string): void {
    for (const subscription of this.store.all<Stripe.Subscription>('subscription', (s) => s.status === 'active' || s.status === 'past_due').reverse()) {
      const clock = idOf(subscription.test_clock);
      if (onlyClock !== undefined && clock !== onlyClock) continue;
      this.renewWhileDue(subscription.id);
    }
    // Each retry schedules the next one, which may be due already when the clock jumped far.
    for (let pass = 0; pass < 100; pass++) {
      const due = this.store.all<Stripe.Invoice>('invoice', (i) => {
        if (i.status !== 'open' || i.next_payment_attempt === null) return false;
        if (onlyClock !== undefined && idOf(i.test_clock) !== onlyClock) return false;
        return i.next_payment_attempt <= this.engine.nowFor(idOf(i.customer));
      });
      if (due.length === 0) return;
      for (const invoice of due.reverse()) {
        const customerId = idOf(invoice.customer)!;
        const method = this.cardFor(customerId, this.subscriptionOf(invoice));
        const at = invoice.next_payment_attempt!;
        const paid = method ? this.attemptPayment(invoice.id, method, at, 'Subscription update') : false;
        if (!method) this.store.put({ ...invoice, attempt_count: invoice.attempt_count + 1, next_payment_attempt: null });
        this.afterInvoiceAttempt(invoice.id, paid, at);
      }
    }
  }

  /**
   * The earliest global time at which a renewal or retry falls due (customers on test clocks
   * only move when their clock is advanced, which changes the state anyway).
   */
  nextDueAt(): number {
    let next = Number.POSITIVE_INFINITY;
    for (const subscription of this.store.all<Stripe.Subscription>('subscription', (s) => (s.status === 'active' || s.status === 'past_due') && !s.test_clock)) {
      next = Math.min(next, subscription.items.data[0].current_period_end);
    }
    for (const invoice of this.store.all<Stripe.Invoice>('invoice', (i) => i.status === 'open' && i.next_payment_attempt !== null && !i.test_clock)) {
      next = Math.min(next, invoice.next_payment_attempt!);
    }
    return next;
  }

  private renewWhileDue(subscriptionId: string): void {
    for (let guard = 0; guard < 1000; guard++) {
      const subscription = this.store.get<Stripe.Subscription>(subscriptionId, 'subscription');
      if (subscription.status !== 'active' && subscription.status !== 'past_due') return;
      const customerId = idOf(subscription.customer)!;
      const now = this.engine.nowFor(customerId);
      const item = subscription.items.data[0];
      const end = item.current_period_end;
      if (end > now) return;
      if (subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= end)) {
        const canceled = this.store.put({ ...subscription, status: 'canceled' as const, ended_at: end });
        this.schedules.subscriptionEnded(canceled, end);
        this.engine.emit('customer.subscription.deleted', canceled, { created: end });
        return;
      }
      // A schedule's next phase takes over when the period ends (its price and interval bill from here).
      const scheduled = this.schedules.atRenewal(subscription, end);
      if (!scheduled) return;
      if (scheduled !== subscription) continue;
      const recurring = item.price.recurring!;
      const nextEnd = addInterval(end, recurring.interval, recurring.interval_count);
      const items = subscription.items.data.map((entry) => ({ ...entry, current_period_start: end, current_period_end: nextEnd }));
      const renewed = this.store.put({ ...subscription, items: { ...subscription.items, data: items } });
      const invoice = this.openInvoice(renewed, 'subscription_cycle', end, nextEnd, end);
      const previous = { items: subscription.items, latest_invoice: subscription.latest_invoice };
      this.store.put({ ...renewed, latest_invoice: invoice.id });
      const method = this.cardFor(customerId, subscriptionId);
      const paid = this.collect(invoice.id, method, end, 'Subscription update');
      const after = this.store.get<Stripe.Subscription>(subscriptionId, 'subscription');
      const status = paid ? after.status : 'past_due';
      const next = this.store.put({ ...after, status });
      this.engine.emit('customer.subscription.updated', next, { created: end, previousAttributes: status !== subscription.status ? { ...previous, status: subscription.status } : previous });
    }
  }

  // ---- refunds and disputes ---------------------------------------------------------------

  createRefund(params: Params): Stripe.Refund {
    let chargeId = optionalString(params, 'charge');
    const intentId = optionalString(params, 'payment_intent');
    if (!chargeId && !intentId) throw missingParam('charge');
    if (!chargeId) {
      const intent = this.store.get<Stripe.PaymentIntent>(intentId!, 'payment_intent', 'payment_intent', 'payment_intent');
      chargeId = idOf(intent.latest_charge) ?? undefined;
      if (!chargeId) throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    const charge = this.store.get<Stripe.Charge>(chargeId, 'charge', 'charge', 'charge');
    if (charge.status !== 'succeeded') throw invalid(`Charge ${charge.id} has not succeeded and cannot be refunded.`, 'charge', 'charge_not_refundable');
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    // A chargeback's charge cannot be refunded, open or lost (the cardholder has the money back);
    // an inquiry's can (`is_charge_refundable`), and so can a charge whose dispute was won.
    const dispute = this.disputeOf(charge.id);
    if (charge.disputed && !dispute?.is_charge_refundable && !REFUNDABLE_AFTER.has(dispute?.status ?? '')) throw invalid(`Charge ${charge.id} has been charged back; refunding it is not allowed.`, 'charge', 'charge_disputed');
    const amount = optionalInteger(params, 'amount', 'amount', 1) ?? remaining;
    if (amount > remaining) throw invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`, 'amount', 'amount_too_large');
    const reason = optionalString(params, 'reason') ?? null;
    if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) throw invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason', 'parameter_invalid_string');
    const now = this.engine.nowFor(idOf(charge.customer));
    const id = newId('re', 24);
    const txn = this.engine.recordBalance(PLATFORM, { created: now, availableOn: now, amount: -amount, fee: 0, currency: charge.currency, type: 'refund', reportingCategory: 'refund', source: id, description: 'REFUND FOR CHARGE' });
    const refund = this.store.put({ ...refundObject({ created: now, amount, charge, reason: reason as Stripe.Refund.Reason | null, metadata: metadataParam(params) ?? {}, balanceTransaction: txn.id }), id });
    const refunded = charge.amount_refunded + amount;
    const next = this.store.put({ ...charge, amount_refunded: refunded, refunded: refunded === charge.amount });
    this.engine.emit('refund.created', refund, { created: now });
    this.engine.emit('charge.refunded', next, { created: now, previousAttributes: { amount_refunded: charge.amount_refunded, refunded: charge.refunded } });
    // A fully refunded payment ends its inquiry: no funds can be withdrawn for it any more.
    if (dispute && INQUIRY_OPEN.has(dispute.status) && refunded === charge.amount) {
      const closed = this.store.put({ ...dispute, status: 'warning_closed' as const, is_charge_refundable: false });
      this.engine.emit('charge.dispute.closed', closed, { created: now, previousAttributes: { status: dispute.status } });
    }
    return refund;
  }

  /**
   * A refund that succeeded and then failed (the card was closed, say): Stripe puts the money back
   * in the platform balance (a `refund_failure` balance transaction), the charge counts it as not
   * refunded, and sends `refund.updated`, `refund.failed` and `charge.refund.updated`.
   */
  failRefund(refundId: string, reason: string = 'expired_or_canceled_card'): Stripe.Refund {
    const refund = this.store.get<Stripe.Refund>(refundId, 'refund');
    if (refund.status !== 'succeeded' && refund.status !== 'pending') throw invalid(`Refund ${refundId} is ${refund.status}; only a succeeded or pending refund can fail.`, 'id');
    if (!['expired_or_canceled_card', 'lost_or_stolen_card', 'unknown'].includes(reason)) throw invalid('reason must be expired_or_canceled_card, lost_or_stolen_card or unknown', 'reason');
    const charge = this.store.get<Stripe.Charge>(idOf(refund.charge)!, 'charge');
    const now = this.engine.nowFor(idOf(charge.customer));
    const txn = this.engine.recordBalance(PLATFORM, { created: now, availableOn: now, amount: refund.amount, fee: 0, currency: refund.currency, type: 'refund_failure', reportingCategory: 'refund_failure', source: refund.id, description: 'REFUND FAILURE' });
    const failed = this.store.put({ ...refund, status: 'failed', failure_reason: reason, failure_balance_transaction: txn.id });
    const refunded = charge.amount_refunded - refund.amount;
    this.store.put({ ...charge, amount_refunded: refunded, refunded: false });
    this.engine.emit('refund.updated', failed, { created: now, previousAttributes: { status: refund.status } });
    this.engine.emit('refund.failed', failed, { created: now });
    this.engine.emit('charge.refund.updated', failed, { created: now, previousAttributes: { status: refund.status } });
    return failed;
  }

  /** The charge's dispute, if any (a charge has at most one). */
  private disputeOf(chargeId: string): Stripe.Dispute | undefined {
    return this.store.all<Stripe.Dispute>('dispute', (d) => d.charge === chargeId)[0];
  }

  /**
   * Opens a dispute. A chargeback (`needs_response`) withdraws the amount and Stripe's dispute fee
   * at once (an `adjustment` balance transaction; `charge.dispute.created`, then
   * `charge.dispute.funds_withdrawn`). An inquiry (`inquiry: true`, Stripe's early warning:
   * `warning_needs_response`) moves no money and the charge can still be refunded.
   */
  createDispute(chargeId: string, params: { amount?: number; reason?: string; inquiry?: boolean }): Stripe.Dispute {
    const charge = this.store.get<Stripe.Charge>(chargeId, 'charge');
    if (charge.status !== 'succeeded') throw invalid(`Charge ${chargeId} did not succeed; there is nothing to dispute.`, 'charge');
    if (charge.disputed) throw invalid(`Charge ${chargeId} is already disputed.`, 'charge');
    const disputable = charge.amount - charge.amount_refunded;
    if (disputable <= 0) throw invalid(`Charge ${chargeId} has been refunded in full.`, 'charge', 'charge_already_refunded');
    const amount = params.amount ?? disputable;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > disputable) throw invalid(`amount must be from 1 to ${disputable}`, 'amount');
    const now = this.engine.nowFor(idOf(charge.customer));
    const id = newId('dp', 24);
    const opened = { ...disputeObject({ created: now, amount, charge, reason: params.reason ?? 'fraudulent', balanceTransactions: [] }), id };
    this.store.put({ ...charge, disputed: true });
    if (params.inquiry) {
      const inquiry = this.store.put({ ...opened, status: 'warning_needs_response' as const, is_charge_refundable: true });
      this.engine.emit('charge.dispute.created', inquiry, { created: now });
      return inquiry;
    }
    this.store.put(opened);
    this.engine.emit('charge.dispute.created', opened, { created: now });
    return this.withdrawFunds(id, now);
  }

  /** An inquiry the issuer turns into a chargeback: the funds (and the fee) are withdrawn now. */
  escalateDispute(id: string): Stripe.Dispute {
    const dispute = this.store.get<Stripe.Dispute>(id, 'dispute');
    if (!INQUIRY_OPEN.has(dispute.status)) throw invalid(`Dispute ${id} is ${dispute.status}, not an open inquiry.`, 'id');
    const charge = this.store.get<Stripe.Charge>(idOf(dispute.charge)!, 'charge');
    const now = this.engine.nowFor(idOf(charge.customer));
    const withdrawable = Math.min(dispute.amount, charge.amount - charge.amount_refunded);
    if (withdrawable <= 0) throw invalid(`Charge ${charge.id} has been refunded in full; the inquiry cannot become a chargeback.`, 'id', 'charge_already_refunded');
    const chargeback = this.store.put({ ...dispute, amount: withdrawable, status: 'needs_response' as const, is_charge_refundable: false });
    this.engine.emit('charge.dispute.updated', chargeback, { created: now, previousAttributes: { status: dispute.status } });
    return this.withdrawFunds(id, now);
  }

  private withdrawFunds(id: string, now: number): Stripe.Dispute {
    const dispute = this.store.get<Stripe.Dispute>(id, 'dispute');
    const chargeId = idOf(dispute.charge)!;
    const txn = this.engine.recordBalance(PLATFORM, { created: now, availableOn: now, amount: -dispute.amount, fee: DISPUTE_FEE_CENTS, currency: dispute.currency, type: 'adjustment', reportingCategory: 'dispute', source: id, description: `Chargeback withdrawal for ${chargeId}`, feeDescription: 'Dispute fee' });
    const withdrawn = this.store.put({ ...dispute, balance_transactions: [...dispute.balance_transactions, txn] });
    this.engine.emit('charge.dispute.funds_withdrawn', withdrawn, { created: now });
    return withdrawn;
  }

  /**
   * Closes a dispute. An inquiry closes as `warning_closed` (no money ever moved). A chargeback won
   * gives the amount back (not the fee: a second balance transaction, `charge.dispute.funds_reinstated`);
   * lost keeps it withdrawn.
   */
  closeDispute(id: string, outcome: 'won' | 'lost'): Stripe.Dispute {
    const dispute = this.store.get<Stripe.Dispute>(id, 'dispute');
    if (!OPEN_DISPUTE.has(dispute.status)) throw invalid(`Dispute ${id} is already closed (${dispute.status}).`);
    const charge = this.store.get<Stripe.Charge>(idOf(dispute.charge)!, 'charge');
    const now = this.engine.nowFor(idOf(charge.customer));
    if (INQUIRY_OPEN.has(dispute.status)) {
      const closed = this.store.put({ ...dispute, status: 'warning_closed' as const, is_charge_refundable: false });
      this.engine.emit('charge.dispute.closed', closed, { created: now, previousAttributes: { status: dispute.status } });
      return closed;
    }
    let transactions = dispute.balance_transactions;
    if (outcome === 'won') {
      const txn = this.engine.recordBalance(PLATFORM, { created: now, availableOn: now, amount: dispute.amount, fee: 0, currency: dispute.currency, type: 'adjustment', reportingCategory: 'dispute_reversal', source: id, description: `Chargeback reversal for ${charge.id}` });
      transactions = [...transactions, txn];
    }
    const closed = this.store.put({ ...dispute, status: outcome, balance_transactions: transactions });
    if (outcome === 'won') this.engine.emit('charge.dispute.funds_reinstated', closed, { created: now });
    this.engine.emit('charge.dispute.closed', closed, { created: now, previousAttributes: { status: dispute.status } });
    return closed;
  }

  // ---- billing portal ---------------------------------------------------------------------

  createPortalSession(params: Params): Stripe.BillingPortal.Session {
    const customer = requiredString(params, 'customer');
    this.store.get(customer, 'customer', 'customer', 'customer');
    const returnUrl = optionalString(params, 'return_url') ?? null;
    if (returnUrl !== null && !/^https?:\/\/\S+$/.test(returnUrl)) throw invalid('Not a valid URL', 'return_url', 'url_invalid');
    const id = newId('bps', 24);
    return this.store.put(portalSessionObject({ id, created: this.engine.nowFor(customer), customer, returnUrl, url: `${this.engine.publicUrl()}/billing/${id}` }));
  }

  /** The portal's "replace card": the new card becomes the default and open invoices are retried. */
  replaceCard(customerId: string, cardNumber: string, name: string | null): Stripe.PaymentMethod {
    const method = this.attachCard(customerId, cardNumber, name);
    this.setDefaultCard(customerId, method.id);
    for (const subscription of this.store.all<Stripe.Subscription>('subscription', (s) => s.customer === customerId && s.status !== 'canceled')) {
      this.store.put({ ...subscription, default_payment_method: method.id });
    }
    this.retryOpenInvoices(customerId);
    return method;
  }

  // ---- test clocks ------------------------------------------------------------------------

  createTestClock(params: Params): Stripe.TestHelpers.TestClock {
    const frozenTime = requiredInteger(params, 'frozen_time');
    return this.store.put(testClockObject({ created: this.engine.now(), frozenTime, name: optionalString(params, 'name') ?? null }));
  }

  advanceTestClock(id: string, params: Params): Stripe.TestHelpers.TestClock {
    const clock = this.store.get<Stripe.TestHelpers.TestClock>(id, 'test_helpers.test_clock', 'test clock');
    const frozenTime = requiredInteger(params, 'frozen_time');
    if (frozenTime <= clock.frozen_time) throw invalid(`The frozen_time (${frozenTime}) must be after the test clock's current frozen_time (${clock.frozen_time}).`, 'frozen_time', 'parameter_invalid_integer');
    // Step through time so each renewal happens at its own moment, as a real advance does.
    this.store.put({ ...clock, frozen_time: frozenTime, status: 'ready' as const });
    this.runDue(id);
    const ready = this.store.get<Stripe.TestHelpers.TestClock>(id, 'test_helpers.test_clock');
    this.engine.emit('test_helpers.test_clock.ready', ready);
    return ready;
  }

  deleteTestClock(id: string): { id: string; object: 'test_helpers.test_clock'; deleted: true } {
    this.store.get(id, 'test_helpers.test_clock', 'test clock');
    for (const customer of this.store.all<Stripe.Customer>('customer', (c) => c.test_clock === id)) this.deleteCustomer(customer.id);
    this.store.remove(id);
    return { id, object: 'test_helpers.test_clock', deleted: true };
  }
}
