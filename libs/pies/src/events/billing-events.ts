import { defineEvent } from '#pie/platform';

/*
 * The wire contracts of the billing module's events that pies listens to (DESIGN §4: events are
 * matched by their versioned wire name). Declared here so pies does not depend on billing's code.
 */

export interface SubscriptionActivatedPayload {
  fanId: string;
  subscriptionId: string | null;
  pieSettings: { amountCents: number; artistLimit: number; artistPopularity: number; excludeNonActive: boolean; pieDays: number };
  currentPeriodStart: string;
  currentPeriodEnd: string;
  promo: boolean;
}
export const SubscriptionActivated = defineEvent<SubscriptionActivatedPayload>('billing.subscription-activated.v1');

export interface InvoicePaidPayload {
  fanId: string;
  subscriptionId: string;
  invoiceId: string;
  periodStart: string;
  periodEnd: string;
  grossCents: number;
  walletCreditCents: number;
  journalId: string;
}
export const InvoicePaid = defineEvent<InvoicePaidPayload>('billing.invoice-paid.v1');

export interface SubscriptionStatusChangedPayload {
  fanId: string;
  subscriptionId: string;
  status: string;
}
export const SubscriptionStatusChanged = defineEvent<SubscriptionStatusChangedPayload>('billing.subscription-status-changed.v1');
