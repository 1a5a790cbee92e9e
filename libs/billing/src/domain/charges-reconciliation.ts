import type Stripe from 'stripe';
import type { EntityManager } from '#pie/platform';
import { JOURNAL_KINDS, stripeBoundaryJournals } from '#pie/ledger';

/** Called as the check reads Stripe: how many balance transactions so far. */
export type ProgressReport = (step: string, done: number) => Promise<void> | void;

/**
 * Journal kinds whose money Stripe moved on the platform's balance: the ledger's side of
 * "stripe_clearing against Stripe's balance". Money Pie puts in or moves itself (promo top-ups,
 * demo or test funding) has no Stripe balance transaction and is left out on both sides.
 */
export const STRIPE_BACKED_KINDS = [
  JOURNAL_KINDS.invoicePaid,
  JOURNAL_KINDS.refund,
  JOURNAL_KINDS.refundFailed,
  JOURNAL_KINDS.dispute,
  JOURNAL_KINDS.disputeWon,
  JOURNAL_KINDS.disputeFee,
  JOURNAL_KINDS.payoutFee,
  JOURNAL_KINDS.monthlyAccountFee,
  JOURNAL_KINDS.transfer,
  JOURNAL_KINDS.transferFailed,
  JOURNAL_KINDS.transferReversed,
  JOURNAL_KINDS.payout,
  JOURNAL_KINDS.payoutFailed,
] as const;

interface Movement {
  fanId: string | null;
  cents: number;
}

const money = (value: number) => `${value < 0 ? '-' : ''}$${(Math.abs(value) / 100).toFixed(2)}`;

/**
 * The fans' money as the ledger has it next to Stripe's own records, read from the platform's
 * balance transactions (auto-paginated: every page, however many): each charge and its fee, each
 * refund net of a failure, each dispute's withdrawal, reinstatement and fee, Stripe's Connect fees,
 * and the platform balance those movements make against the ledger's `stripe_clearing`,
 * `processor_fees` and `office_connected` postings of the same journals. One row per difference,
 * naming the fan where there is one. The provider check of the admin reconciliation.
 */
export async function fansAgainstStripe(em: EntityManager, stripe: Stripe, progress: ProgressReport = () => undefined): Promise<string[]> {
  const ledger = await ledgerSide(em);
  const atStripe = {
    charges: new Map<string, { amount: number; fee: number }>(),
    refunds: new Map<string, number>(),
    disputes: new Map<string, number>(),
    disputeFees: new Map<string, number>(),
    connectFees: 0,
    balance: 0,
  };
  let read = 0;
  for await (const txn of stripe.balanceTransactions.list({ limit: 100 })) {
    read += 1;
    if (read % 100 === 0) await progress('Stripe balance transactions', read);
    const source = typeof txn.source === 'string' ? txn.source : (txn.source?.id ?? null);
    if (txn.type === 'topup' || txn.type === 'topup_reversal' || (txn.type === 'adjustment' && !source)) continue; // the platform's own money
    atStripe.balance += txn.net;
    if (txn.type === 'charge' || txn.type === 'payment') {
      if (source) atStripe.charges.set(source, { amount: txn.amount, fee: txn.fee });
    } else if ((txn.type === 'refund' || txn.type === 'refund_failure' || txn.type === 'payment_refund') && source) {
      atStripe.refunds.set(source, (atStripe.refunds.get(source) ?? 0) - txn.amount);
    } else if (txn.type === 'adjustment' && source?.startsWith('dp_')) {
      atStripe.disputes.set(source, (atStripe.disputes.get(source) ?? 0) - txn.amount);
      if (txn.fee !== 0) atStripe.disputeFees.set(txn.id, txn.fee);
    } else if (txn.type === 'stripe_fee') {
      atStripe.connectFees -= txn.amount;
    }
  }
  await progress('Stripe balance transactions', read);

  const rows: string[] = [];
  const who = (fanId: string | null | undefined) => (fanId ? `fan ${fanId}` : 'no fan');
  for (const [chargeId, stripeSide] of atStripe.charges) {
    const booked = ledger.charges.get(chargeId);
    if (!booked) rows.push(`charge ${chargeId}: ${money(stripeSide.amount)} at Stripe, no invoice_paid journal`);
    else if (booked.amount !== stripeSide.amount || booked.fee !== stripeSide.fee) {
      rows.push(`${who(booked.fanId)}: charge ${chargeId} is ${stripeSide.amount} (fee ${stripeSide.fee}) at Stripe, ${booked.amount} (fee ${booked.fee}) in the ledger`);
    }
  }
  for (const [chargeId, booked] of ledger.charges) if (!atStripe.charges.has(chargeId)) rows.push(`${who(booked.fanId)}: charge ${chargeId} is ${booked.amount} in the ledger, not at Stripe`);
  compareEach(rows, 'refund', atStripe.refunds, ledger.refunds, who);
  compareEach(rows, 'dispute', atStripe.disputes, ledger.disputes, who);
  compareEach(rows, 'dispute fee on', atStripe.disputeFees, ledger.disputeFees, who);
  if (atStripe.connectFees !== ledger.connectFees) rows.push(`Stripe's Connect fees (per payout and monthly active account): ${atStripe.connectFees} cents at Stripe, ${ledger.connectFees} in the ledger`);
  if (atStripe.balance !== ledger.balance) {
    rows.push(`stripe_clearing: Stripe's platform balance moved ${money(atStripe.balance)} through Pie's payments, refunds, disputes, fees and transfers; the ledger's journals of them say ${money(ledger.balance)}`);
  }
  return rows;
}

function compareEach(rows: string[], label: string, stripeSide: Map<string, number>, ledgerSide: Map<string, Movement>, who: (fanId: string | null) => string): void {
  for (const [id, amount] of stripeSide) {
    const booked = ledgerSide.get(id);
    if ((booked?.cents ?? 0) !== amount) rows.push(`${who(booked?.fanId ?? null)}: ${label} ${id} moved ${amount} cents at Stripe, ${booked?.cents ?? 0} in the ledger`);
  }
  for (const [id, booked] of ledgerSide) if (!stripeSide.has(id) && booked.cents !== 0) rows.push(`${who(booked.fanId)}: ${label} ${id} moved ${booked.cents} cents in the ledger, nothing at Stripe`);
}

async function ledgerSide(em: EntityManager) {
  const rows = await stripeBoundaryJournals(em, STRIPE_BACKED_KINDS);
  const side = { charges: new Map<string, { fanId: string | null; amount: number; fee: number }>(), refunds: new Map<string, Movement>(), disputes: new Map<string, Movement>(), disputeFees: new Map<string, Movement>(), connectFees: 0, balance: 0 };
  const add = (map: Map<string, Movement>, id: string | null, fanId: string | null, amount: number) => {
    if (!id) return;
    const known = map.get(id);
    map.set(id, { fanId: known?.fanId ?? fanId, cents: (known?.cents ?? 0) + amount });
  };
  for (const row of rows) {
    const [clearing, fees, connected] = [row.clearingCents, row.processorFeesCents, row.officeConnectedCents];
    side.balance -= clearing + fees + connected;
    if (row.kind === JOURNAL_KINDS.invoicePaid && row.stripeChargeId) side.charges.set(row.stripeChargeId, { fanId: row.fanId, amount: -clearing, fee: fees });
    if (row.kind === JOURNAL_KINDS.refund || row.kind === JOURNAL_KINDS.refundFailed) add(side.refunds, row.stripeRefundId, row.fanId, clearing);
    if (row.kind === JOURNAL_KINDS.dispute || row.kind === JOURNAL_KINDS.disputeWon) add(side.disputes, row.stripeDisputeId, row.fanId, clearing);
    if (row.kind === JOURNAL_KINDS.disputeFee) add(side.disputeFees, row.stripeBalanceTransactionId, row.fanId, fees);
    if (row.kind === JOURNAL_KINDS.payoutFee || row.kind === JOURNAL_KINDS.monthlyAccountFee) side.connectFees += fees;
  }
  return side;
}
