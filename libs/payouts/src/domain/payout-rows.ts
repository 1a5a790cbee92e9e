import type { Selectable } from 'kysely';
import type { GiveBackView, PayoutView, TransferView } from '#pie/contracts';
import type { PayoutsGiveBacks, PayoutsPayouts, PayoutsTransfers } from '../db/tables.generated.js';

/**
 * Payouts' rows and the one place they become contract types. The rows are the generated table
 * types as the driver hands them back (bigint cents as text, timestamps as Postgres' text): read
 * cents through `cents`, which refuses a value a number cannot hold exactly.
 */

/** A `payouts.payouts` row (`stripe_account_id`: the office's account it was made on; an office may have had several). */
export type PayoutRow = Selectable<PayoutsPayouts>;
/** A `payouts.transfers` row (`stripe_account_id`: the account it was booked for). */
export type TransferRow = Selectable<PayoutsTransfers>;
export type GiveBackRow = Selectable<PayoutsGiveBacks>;

export function cents(value: string | number | bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${value} cents is beyond a safe integer`);
  return n;
}

const iso = (value: string) => new Date(value).toISOString();

export function payoutView(row: PayoutRow): PayoutView {
  return {
    id: row.id,
    amountCents: cents(row.amount_cents),
    // `creating` is Pie's own step before Stripe answers: to the office it is pending.
    status: row.status === 'creating' ? 'pending' : row.status,
    createdAt: iso(row.created_at),
    arrivalDate: row.arrival_date ? iso(row.arrival_date) : null,
    failureMessage: row.failure_message,
    failureCode: row.failure_code,
  };
}

/** A transfer as the office sees it: when it was made (its booking time until then). */
export function transferView(row: TransferRow): TransferView {
  return { id: row.id, amountCents: cents(row.amount_cents), feeCents: cents(row.fee_cents), createdAt: iso(row.made_at ?? row.created_at) };
}

export function giveBackView(row: GiveBackRow): GiveBackView {
  return { id: row.id, amountCents: cents(row.amount_cents), sharePercent: row.share_percent, createdAt: iso(row.created_at) };
}
