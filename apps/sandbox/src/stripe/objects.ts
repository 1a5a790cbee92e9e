import type Stripe from 'stripe';
import { newId } from './store.js';

/*
 * Builders for the Stripe objects the sandbox returns, each typed with the `stripe` package's own
 * type so a field the SDK expects cannot be missing. Fields the sandbox has no use for carry the
 * value Stripe gives a plain test-mode object (null, false, empty list).
 */

type Metadata = Record<string, string>;

/** Decimal fields travel as strings in API v1 JSON; the SDK's type names its parsed class. */
type WireDecimal = Stripe.Price['unit_amount_decimal'];
function decimal(value: number): WireDecimal {
  return String(value) as unknown as WireDecimal;
}

export function emptyList<T>(url: string): Stripe.ApiList<T> {
  return { object: 'list', data: [], has_more: false, url };
}

export function customerObject(input: { created: number; email: string | null; name: string | null; metadata: Metadata; testClock: string | null; description?: string | null }): Stripe.Customer {
  return {
    id: newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: input.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description ?? null,
    discount: null,
    email: input.email,
    invoice_prefix: newId('x', 8).slice(2).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: input.testClock,
  };
}

export function productObject(input: { created: number; name: string; metadata: Metadata }): Stripe.Product {
  return {
    id: newId('prod', 14),
    object: 'product',
    active: true,
    created: input.created,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata,
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: input.created,
    url: null,
  };
}

export function priceObject(input: {
  created: number;
  currency: string;
  unitAmount: number;
  product: string;
  recurring: { interval: Stripe.Price.Recurring.Interval; interval_count: number } | null;
  metadata: Metadata;
  nickname: string | null;
  lookupKey: string | null;
}): Stripe.Price {
  return {
    id: newId('price', 24),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: input.created,
    currency: input.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey,
    metadata: input.metadata,
    nickname: input.nickname,
    product: input.product,
    recurring: input.recurring ? { interval: input.recurring.interval, interval_count: input.recurring.interval_count, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: input.recurring ? 'recurring' : 'one_time',
    unit_amount: input.unitAmount,
    unit_amount_decimal: decimal(input.unitAmount),
  };
}

/** The legacy Plan view of a recurring price, which subscription items still carry. */
export function planFromPrice(price: Stripe.Price): Stripe.Plan {
  const recurring = price.recurring ?? { interval: 'month' as const, interval_count: 1 };
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function subscriptionItemObject(input: { created: number; price: Stripe.Price; quantity: number; subscription: string; periodStart: number; periodEnd: number }): Stripe.SubscriptionItem {
  return {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: input.created,
    current_period_end: input.periodEnd,
    current_period_start: input.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planFromPrice(input.price),
    price: input.price,
    quantity: input.quantity,
    subscription: input.subscription,
    tax_rates: [],
  };
}

export function subscriptionObject(input: { id: string; created: number; customer: string; currency: string; metadata: Metadata; defaultPaymentMethod: string | null; testClock: string | null; items: Stripe.SubscriptionItem[] }): Stripe.Subscription {
  return {
    id: input.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null } as Stripe.Subscription.CancellationDetails,
    collection_method: 'charge_automatically',
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: input.items, has_more: false, url: `/v1/subscription_items?subscription=${input.id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.created,
    status: 'incomplete',
    test_clock: input.testClock,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: 'unchanged', missing_payment_method: 'create_invoice' } as Stripe.Subscription.TrialSettings.EndBehavior },
    trial_start: null,
  };
}

export function invoiceLineObject(input: { invoice: string; subscription: Stripe.Subscription; item: Stripe.SubscriptionItem; periodStart: number; periodEnd: number }): Stripe.InvoiceLineItem {
  const price = input.item.price;
  const quantity = input.item.quantity ?? 1;
  const amount = (price.unit_amount ?? 0) * quantity;
  return {
    id: newId('il', 24),
    object: 'line_item',
    amount,
    currency: price.currency,
    description: `${quantity} × ${price.nickname ?? 'Subscription'}`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: input.invoice,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: input.subscription.id, subscription_item: input.item.id },
      type: 'subscription_item_details',
    },
    period: { start: input.periodStart, end: input.periodEnd },
    pretax_credit_amounts: [],
    pricing: { price_details: { price: price.id, product: typeof price.product === 'string' ? price.product : price.product.id }, type: 'price_details', unit_amount_decimal: price.unit_amount_decimal },
    quantity,
    quantity_decimal: decimal(quantity),
    subscription: input.subscription.id,
    subtotal: amount,
    taxes: [],
  };
}

export function invoiceObject(input: {
  id: string;
  created: number;
  customer: Stripe.Customer;
  subscription: Stripe.Subscription;
  billingReason: Stripe.Invoice.BillingReason;
  lines: Stripe.InvoiceLineItem[];
  periodStart: number;
  periodEnd: number;
  number: string;
}): Stripe.Invoice {
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id: input.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Pie (sandbox)',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    created: input.created,
    currency: input.subscription.currency,
    custom_fields: null,
    customer: input.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: input.customer.email,
    customer_name: input.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: input.lines, has_more: false, url: `/v1/invoices/${input.id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: input.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: input.subscription.metadata, subscription: input.subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: input.subscription.test_clock,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

export function paymentMethodObject(input: { created: number; customer: string | null; last4: string; name: string | null }): Stripe.PaymentMethod {
  return {
    id: newId('pm', 24),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: input.name, phone: null, tax_id: null },
    card: {
      brand: 'visa',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: 'visa',
      exp_month: 12,
      exp_year: new Date(input.created * 1000).getUTCFullYear() + 3,
      fingerprint: `fp${input.last4}sandbox`,
      funding: 'credit',
      generated_from: null,
      last4: input.last4,
      networks: { available: ['visa'], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: input.created,
    customer: input.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function paymentIntentObject(input: { created: number; amount: number; currency: string; customer: string; paymentMethod: string; description: string | null }): Stripe.PaymentIntent {
  return {
    id: newId('pi', 24),
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${newId('pi', 24)}_secret_${newId('x', 24).slice(2)}`,
    confirmation_method: 'automatic',
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: 'off_session',
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_confirmation',
    transfer_group: null,
  };
}

export function chargeObject(input: {
  created: number;
  amount: number;
  currency: string;
  customer: string;
  paymentIntent: string;
  paymentMethod: Stripe.PaymentMethod;
  description: string | null;
  failure: { code: string; declineCode: string; message: string } | null;
  balanceTransaction: string | null;
}): Stripe.Charge {
  const card = input.paymentMethod.card;
  const failed = input.failure !== null;
  return {
    id: newId('ch', 24),
    object: 'charge',
    amount: input.amount,
    amount_captured: failed ? 0 : input.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: input.balanceTransaction,
    billing_details: { address: null, email: null, name: input.paymentMethod.billing_details.name, phone: null, tax_id: null },
    calculated_statement_descriptor: 'PIE SANDBOX',
    captured: !failed,
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: input.failure?.code ?? null,
    failure_message: input.failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: failed
      ? { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'declined_by_network', reason: input.failure!.declineCode, risk_level: 'normal', seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined' }
      : { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
    paid: !failed,
    payment_intent: input.paymentIntent,
    payment_method: input.paymentMethod.id,
    payment_method_details: card
      ? {
          type: 'card',
          card: {
            amount_authorized: failed ? null : input.amount,
            authorization_code: failed ? null : '123456',
            brand: card.brand,
            checks: card.checks,
            country: card.country,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            fingerprint: card.fingerprint,
            funding: card.funding,
            installments: null,
            last4: card.last4,
            mandate: null,
            network: 'visa',
            network_token: { used: false },
            network_transaction_id: null,
            regulated_status: 'unregulated',
            three_d_secure: null,
            wallet: null,
          } as unknown as Stripe.Charge.PaymentMethodDetails.Card,
        }
      : null,
    radar_options: {},
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: failed ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function balanceTransactionObject(input: {
  created: number;
  availableOn: number;
  amount: number;
  fee: number;
  currency: string;
  type: Stripe.BalanceTransaction.Type;
  reportingCategory: string;
  source: string | null;
  description: string | null;
  feeDescription?: string;
}): Stripe.BalanceTransaction {
  return {
    id: newId('txn', 24),
    object: 'balance_transaction',
    amount: input.amount,
    available_on: input.availableOn,
    balance_type: 'payments',
    created: input.created,
    currency: input.currency,
    description: input.description,
    exchange_rate: null,
    fee: input.fee,
    fee_details: input.fee ? [{ amount: input.fee, application: null, currency: input.currency, description: input.feeDescription ?? 'Stripe processing fees', type: 'stripe_fee' }] : [],
    net: input.amount - input.fee,
    reporting_category: input.reportingCategory,
    source: input.source,
    status: input.availableOn <= input.created ? 'available' : 'pending',
    type: input.type,
  };
}

export function invoicePaymentObject(input: { created: number; invoice: Stripe.Invoice; paymentIntent: string; paid: boolean }): Stripe.InvoicePayment {
  return {
    id: newId('inpay', 24),
    object: 'invoice_payment',
    amount_paid: input.paid ? input.invoice.amount_due : null,
    amount_requested: input.invoice.amount_due,
    created: input.created,
    currency: input.invoice.currency,
    invoice: input.invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: input.paymentIntent, type: 'payment_intent' },
    status: input.paid ? 'paid' : 'open',
    status_transitions: { canceled_at: null, paid_at: input.paid ? input.created : null },
  };
}

export function refundObject(input: { created: number; amount: number; charge: Stripe.Charge; reason: Stripe.Refund.Reason | null; metadata: Metadata; balanceTransaction: string }): Stripe.Refund {
  return {
    id: newId('re', 24),
    object: 'refund',
    amount: input.amount,
    balance_transaction: input.balanceTransaction,
    charge: input.charge.id,
    created: input.created,
    currency: input.charge.currency,
    customer: typeof input.charge.customer === 'string' ? input.charge.customer : (input.charge.customer?.id ?? null),
    customer_account: null,
    destination_details: { type: 'card', card: { reference: '1234567890', reference_status: 'available', reference_type: 'acquirer_reference_number', type: 'refund' } },
    metadata: input.metadata,
    payment_intent: typeof input.charge.payment_intent === 'string' ? input.charge.payment_intent : (input.charge.payment_intent?.id ?? null),
    payment_method: input.charge.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

export function disputeObject(input: { created: number; amount: number; charge: Stripe.Charge; reason: string; balanceTransactions: Stripe.BalanceTransaction[] }): Stripe.Dispute {
  return {
    id: newId('dp', 24),
    object: 'dispute',
    amount: input.amount,
    balance_transactions: input.balanceTransactions,
    charge: input.charge.id,
    created: input.created,
    currency: input.charge.currency,
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null,
      billing_address: null,
      cancellation_policy: null,
      cancellation_policy_disclosure: null,
      cancellation_rebuttal: null,
      customer_communication: null,
      customer_email_address: null,
      customer_name: null,
      customer_purchase_ip: null,
      customer_signature: null,
      duplicate_charge_documentation: null,
      duplicate_charge_explanation: null,
      duplicate_charge_id: null,
      enhanced_evidence: {},
      product_description: null,
      receipt: null,
      refund_policy: null,
      refund_policy_disclosure: null,
      refund_refusal_explanation: null,
      service_date: null,
      service_documentation: null,
      shipping_address: null,
      shipping_carrier: null,
      shipping_date: null,
      shipping_documentation: null,
      shipping_tracking_number: null,
      uncategorized_file: null,
      uncategorized_text: null,
    },
    evidence_details: { due_by: input.created + 7 * 86_400, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0, submission_method: null as unknown as Stripe.Dispute.EvidenceDetails.SubmissionMethod },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: typeof input.charge.payment_intent === 'string' ? input.charge.payment_intent : null,
    reason: input.reason,
    status: 'needs_response',
  };
}

export function checkoutSessionObject(input: {
  id: string;
  created: number;
  url: string;
  amountTotal: number;
  currency: string;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  successUrl: string | null;
  cancelUrl: string | null;
}): Stripe.Checkout.Session {
  return {
    id: input.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: input.amountTotal,
    amount_total: input.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer,
    customer_account: null,
    customer_creation: input.customer ? null : 'always',
    customer_details: input.customerEmail ? { address: null, business_name: null, email: input.customerEmail, individual_name: null, name: null, phone: null, tax_exempt: 'none', tax_ids: [] } : null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.created + 86_400,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: input.url,
    wallet_options: null,
  };
}

export function portalSessionObject(input: { id: string; created: number; customer: string; returnUrl: string | null; url: string }): Stripe.BillingPortal.Session {
  return {
    id: input.id,
    object: 'billing_portal.session',
    configuration: 'bpc_sandbox_default',
    created: input.created,
    customer: input.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: input.returnUrl,
    url: input.url,
  };
}

export function testClockObject(input: { created: number; frozenTime: number; name: string | null }): Stripe.TestHelpers.TestClock {
  return {
    id: newId('clock', 24),
    object: 'test_helpers.test_clock',
    created: input.created,
    deletes_after: input.created + 30 * 86_400,
    frozen_time: input.frozenTime,
    livemode: false,
    name: input.name,
    status: 'ready',
    status_details: {},
  };
}

export function webhookEndpointObject(input: { created: number; url: string; enabledEvents: string[]; description: string | null; metadata: Metadata; secret: string }): Stripe.WebhookEndpoint {
  return {
    id: newId('we', 24),
    object: 'webhook_endpoint',
    api_version: null,
    application: null,
    created: input.created,
    description: input.description,
    enabled_events: input.enabledEvents,
    livemode: false,
    metadata: input.metadata,
    secret: input.secret,
    status: 'enabled',
    url: input.url,
  };
}

export const ONBOARDING_REQUIREMENTS = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'representative.first_name',
  'representative.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

export function accountObject(input: { created: number; country: string; email: string | null; metadata: Metadata; businessType: Stripe.Account.BusinessType | null }): Stripe.Account {
  return {
    id: newId('acct', 16),
    object: 'account',
    business_profile: { annual_revenue: null, estimated_worker_count: null, mcc: null, minority_owned_business_designation: null, name: null, product_description: null, support_address: null, support_email: null, specified_commercial_transactions_act_url: null, support_phone: null, support_url: null, url: null } as Stripe.Account.BusinessProfile,
    business_type: input.businessType,
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    charges_enabled: false,
    controller: { fees: { payer: 'application' }, is_controller: true, losses: { payments: 'application' }, requirement_collection: 'stripe', stripe_dashboard: { type: 'express' }, type: 'application' },
    country: input.country,
    created: input.created,
    default_currency: 'usd',
    details_submitted: false,
    email: input.email,
    external_accounts: emptyList<Stripe.BankAccount | Stripe.Card>(`/v1/accounts/acct/external_accounts`),
    future_requirements: { alternatives: [], current_deadline: null, currently_due: [], disabled_reason: null, errors: [], eventually_due: [], past_due: [], pending_verification: [] },
    metadata: input.metadata,
    payouts_enabled: false,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [...ONBOARDING_REQUIREMENTS],
      disabled_reason: 'requirements.past_due',
      errors: [],
      eventually_due: [...ONBOARDING_REQUIREMENTS],
      past_due: [...ONBOARDING_REQUIREMENTS],
      pending_verification: [],
    },
    settings: null,
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: 'express',
  };
}

export function bankAccountObject(input: { account: string; accountNumber: string; routingNumber: string; holderName: string | null }): Stripe.BankAccount {
  return {
    id: newId('ba', 24),
    object: 'bank_account',
    account: input.account,
    account_holder_name: input.holderName,
    account_holder_type: 'company',
    account_type: null,
    available_payout_methods: ['standard'],
    bank_name: 'STRIPE TEST BANK',
    country: 'US',
    currency: 'usd',
    default_for_currency: true,
    fingerprint: `fp${input.accountNumber.slice(-4)}bank`,
    future_requirements: { currently_due: [], errors: [], past_due: [], pending_verification: [] },
    last4: input.accountNumber.slice(-4),
    metadata: {},
    requirements: { currently_due: [], errors: [], past_due: [], pending_verification: [] },
    routing_number: input.routingNumber,
    status: 'new',
  };
}

export function transferObject(input: { id: string; created: number; amount: number; currency: string; destination: string; transferGroup: string | null; description: string | null; metadata: Metadata; sourceTransaction: string | null; balanceTransaction: string; destinationPayment: string }): Stripe.Transfer {
  return {
    id: input.id,
    object: 'transfer',
    amount: input.amount,
    amount_reversed: 0,
    balance_transaction: input.balanceTransaction,
    created: input.created,
    currency: input.currency,
    description: input.description,
    destination: input.destination,
    destination_payment: input.destinationPayment,
    livemode: false,
    metadata: input.metadata,
    reversals: emptyList<Stripe.TransferReversal>(`/v1/transfers/${input.id}/reversals`),
    reversed: false,
    source_transaction: input.sourceTransaction,
    source_type: 'card',
    transfer_group: input.transferGroup,
  };
}

export function transferReversalObject(input: { created: number; amount: number; transfer: Stripe.Transfer; metadata: Metadata; balanceTransaction: string }): Stripe.TransferReversal {
  return {
    id: newId('trr', 24),
    object: 'transfer_reversal',
    amount: input.amount,
    balance_transaction: input.balanceTransaction,
    created: input.created,
    currency: input.transfer.currency,
    destination_payment_refund: null,
    metadata: input.metadata,
    source_refund: null,
    transfer: input.transfer.id,
  };
}

export function payoutObject(input: { created: number; amount: number; currency: string; arrivalDate: number; destination: string | null; description: string | null; metadata: Metadata; balanceTransaction: string; statementDescriptor: string | null }): Stripe.Payout {
  return {
    id: newId('po', 24),
    object: 'payout',
    amount: input.amount,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: input.arrivalDate,
    automatic: false,
    balance_transaction: input.balanceTransaction,
    created: input.created,
    currency: input.currency,
    description: input.description,
    destination: input.destination,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: input.metadata,
    method: 'standard',
    original_payout: null,
    payout_method: null,
    reconciliation_status: 'not_applicable',
    reversed_by: null,
    source_type: 'card',
    statement_descriptor: input.statementDescriptor,
    status: 'in_transit',
    trace_id: { status: 'pending', value: null },
    type: 'bank_account',
  };
}

export function balanceObject(available: number, pending: number, currency = 'usd'): Stripe.Balance {
  return {
    object: 'balance',
    available: [{ amount: available, currency, source_types: { card: available } }],
    livemode: false,
    pending: [{ amount: pending, currency, source_types: { card: pending } }],
  };
}
