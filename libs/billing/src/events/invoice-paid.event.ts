import { defineEvent } from '#pie/platform';

export interface InvoicePaidPayload {
  fanId: string;
  subscriptionId: string;
  /** Stripe invoice id (`in_…`); for the promotional pie, `promo_<fan id>`. */
  invoiceId: string;
  /** ISO timestamps: the pie period this payment funds. */
  periodStart: string;
  periodEnd: string;
  grossCents: number;
  /** What reached the fan's wallet after the processor and platform fees. */
  walletCreditCents: number;
  /** The ledger journal that moved the money; null when Stripe collected none (nothing due, or paid out of band). */
  journalId: string | null;
}

/** A period was paid and its net is in `fan_wallet:<fan>` (emitted once per invoice, with the journal). */
export const InvoicePaid = defineEvent<InvoicePaidPayload>('billing.invoice-paid.v1');
