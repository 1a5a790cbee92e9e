import { defineEvent } from '#pie/platform';

export interface FanWalletCreditedPayload {
  fanId: string;
  journalId: string;
  /** The journal's kind: what brought the money (`invoice_paid`, `escrow_expired`, `dispute_won`, `refund_failed`…). */
  journalKind: string;
  /** What the journal put into the wallet, net of what it took from it (always above zero). */
  amountCents: number;
  occurredAt: string;
}

/**
 * Money landed in a fan's wallet (`fan_wallet:<fan>`): recorded by the ledger itself in the
 * transaction of every journal that credits a wallet, whoever posts it, so no path that puts money
 * into a wallet can forget to say so. Billing decides whether that money must go back to the fan
 * (libs/billing/README.md, "Money that lands in a wallet").
 */
export const FanWalletCredited = defineEvent<FanWalletCreditedPayload>('ledger.fan-wallet-credited.v1');
