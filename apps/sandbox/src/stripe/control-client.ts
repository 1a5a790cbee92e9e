import type Stripe from 'stripe';
import type { DeliveryKnobs, DeliveryRecord, RetryPolicy } from './webhooks.js';

/*
 * Drives the Stripe stand-in's sandbox controls over HTTP (see README.md), for the app's
 * integration and end-to-end tests:
 *
 *   const control = new StripeSandboxControl(sandbox.urls.stripe);
 *   await control.payCheckoutSession(session.id, '4242424242424242');
 *   await control.setRenewalCard(customerId, '4000000000000341');   // renewals will fail
 *   await control.advanceClock({ days: 30 });                       // renewals, retries, payouts
 *   await control.flushWebhooks();                                   // every delivery done
 */

export interface SandboxClock {
  /** Global sandbox time, unix seconds. */
  now: number;
  iso: string;
  offsetSeconds: number;
}

/** A control answered with a non-2xx status; `body` is Stripe's error shape for Stripe errors. */
export class StripeSandboxControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

export class StripeSandboxControl {
  private readonly base: string;

  /** `stripeUrl`: the stand-in's base URL (`sandbox.urls.stripe`). */
  constructor(stripeUrl: string) {
    this.base = stripeUrl.replace(/\/+$/, '');
  }

  clock(): Promise<SandboxClock> {
    return this.call('GET', '/_sandbox/clock');
  }

  /** Moves global time forward and runs what became due (renewals, invoice retries, payouts). */
  advanceClock(by: { days?: number; seconds?: number }): Promise<SandboxClock> {
    return this.call('POST', '/_sandbox/clock', { advanceDays: by.days ?? 0, advanceSeconds: by.seconds ?? 0 });
  }

  /** Pays a checkout session as the hosted page would; a declined card rejects with status 402. */
  payCheckoutSession(sessionId: string, card = '4242424242424242', name?: string): Promise<Stripe.Checkout.Session> {
    return this.call('POST', `/_sandbox/checkout/sessions/${encodeURIComponent(sessionId)}/pay`, { card, ...(name ? { name } : {}) });
  }

  /** The card this customer's later invoices are charged to (e.g. `4000000000000341` to make them fail). */
  setRenewalCard(customerId: string, card: string): Promise<Stripe.PaymentMethod> {
    return this.call('POST', `/_sandbox/customers/${encodeURIComponent(customerId)}/renewal_card`, { card });
  }

  refundCharge(chargeId: string, options: { amount?: number; reason?: string } = {}): Promise<Stripe.Refund> {
    return this.call('POST', `/_sandbox/charges/${encodeURIComponent(chargeId)}/refund`, options);
  }

  /** A chargeback (funds withdrawn at once), or with `inquiry: true` an inquiry that moves no money. */
  disputeCharge(chargeId: string, options: { amount?: number; reason?: string; inquiry?: boolean } = {}): Promise<Stripe.Dispute> {
    return this.call('POST', `/_sandbox/charges/${encodeURIComponent(chargeId)}/dispute`, options);
  }

  /** The inquiry becomes a chargeback: funds and the dispute fee are withdrawn. */
  escalateDispute(disputeId: string): Promise<Stripe.Dispute> {
    return this.call('POST', `/_sandbox/disputes/${encodeURIComponent(disputeId)}/escalate`, {});
  }

  /** A refund that succeeded fails afterwards (the money comes back to the platform). */
  failRefund(refundId: string, reason?: 'expired_or_canceled_card' | 'lost_or_stolen_card' | 'unknown'): Promise<Stripe.Refund> {
    return this.call('POST', `/_sandbox/refunds/${encodeURIComponent(refundId)}/fail`, reason ? { reason } : {});
  }

  /** The connected account disconnects the platform (`account.application.deauthorized`). */
  deauthorizeAccount(accountId: string): Promise<{ id: string; object: 'application'; name: string }> {
    return this.call('POST', `/_sandbox/accounts/${encodeURIComponent(accountId)}/deauthorize`, {});
  }

  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<Stripe.Dispute> {
    return this.call('POST', `/_sandbox/disputes/${encodeURIComponent(disputeId)}/close`, { outcome });
  }

  /** Completes an account's onboarding without the browser page. */
  onboardAccount(accountId: string, options: { leaveRequirementsDue?: boolean; accountNumber?: string; businessName?: string } = {}): Promise<Stripe.Account> {
    return this.call('POST', `/_sandbox/accounts/${encodeURIComponent(accountId)}/onboard`, options);
  }

  /** Settles one in-transit payout now (paid, or failed as its account is set up to), without moving the clock. */
  arrivePayout(payoutId: string): Promise<Stripe.Payout> {
    return this.call('POST', `/_sandbox/payouts/${encodeURIComponent(payoutId)}/arrive`, {});
  }

  /** Later payouts of this account fail with `code` (`account_closed`, `no_account`, …); null clears it. */
  setPayoutFailure(accountId: string, code: string | null): Promise<{ account: string; payoutFailure: string | null }> {
    return this.call('POST', `/_sandbox/accounts/${encodeURIComponent(accountId)}/payout_failure`, { code });
  }

  setPlatformAvailableBalance(cents: number): Promise<Stripe.Balance> {
    return this.call('POST', '/_sandbox/platform/balance', { available: cents });
  }

  /** Registers an endpoint with a secret of your choice; `connect` undefined = platform and connected-account events. */
  registerWebhookEndpoint(url: string, secret?: string, connect?: boolean): Promise<Stripe.WebhookEndpoint> {
    return this.call('POST', '/_sandbox/webhook_endpoints', { url, ...(secret ? { secret } : {}), ...(connect === undefined ? {} : { connect }) });
  }

  setDeliveryKnobs(knobs: Partial<Omit<DeliveryKnobs, 'retry'>> & { retry?: Partial<RetryPolicy> }): Promise<DeliveryKnobs> {
    return this.call('POST', '/_sandbox/webhooks/knobs', knobs);
  }

  async deliveries(): Promise<DeliveryRecord[]> {
    return (await this.call<{ data: DeliveryRecord[] }>('GET', '/_sandbox/webhooks/deliveries')).data;
  }

  /** Resolves once every pending delivery has succeeded or given up. */
  async flushWebhooks(): Promise<void> {
    await this.call('POST', '/_sandbox/webhooks/flush');
  }

  /** Forgets everything but the start-up webhook endpoints. */
  async reset(): Promise<void> {
    await this.call('POST', '/_sandbox/reset');
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) throw new StripeSandboxControlError(res.status, parsed, `Sandbox ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return parsed as T;
  }
}
