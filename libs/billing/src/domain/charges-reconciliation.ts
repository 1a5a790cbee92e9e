import type Stripe from 'stripe';
import type { EntityManager } from '#pie/platform';

/**
 * The fans' payments as the ledger has them (each `invoice_paid` journal: the gross out of
 * `stripe_clearing`, Stripe's fee into `processor_fees`) next to Stripe's succeeded charges and
 * their balance transactions, listed through the SDK: one row per charge that differs or is missing
 * on either side. The provider check of the admin reconciliation.
 */
export async function chargesAgainstStripe(em: EntityManager, stripe: Stripe): Promise<string[]> {
  const rows = await em.execute<{ charge_id: string | null; gross: string; fee: string }[]>(
    `select j."references"->>'stripeChargeId' as charge_id,
            -coalesce(sum(p.amount_cents) filter (where p.account = 'stripe_clearing'), 0) as gross,
            coalesce(sum(p.amount_cents) filter (where p.account = 'processor_fees'), 0) as fee
       from ledger.journals j join ledger.postings p on p.journal_id = j.id
      where j.kind = 'invoice_paid' group by 1`,
  );
  const ledger = new Map(rows.filter((row) => row.charge_id).map((row) => [row.charge_id!, { gross: Number(row.gross), fee: Number(row.fee) }]));
  const differences: string[] = [];
  const seen = new Set<string>();
  for await (const charge of stripe.charges.list({ limit: 100, expand: ['data.balance_transaction'] })) {
    if (charge.status !== 'succeeded') continue;
    const fee = typeof charge.balance_transaction === 'object' && charge.balance_transaction ? charge.balance_transaction.fee : 0;
    const booked = ledger.get(charge.id);
    seen.add(charge.id);
    if (!booked) differences.push(`charge ${charge.id}: $${(charge.amount / 100).toFixed(2)} at Stripe, no invoice_paid journal`);
    else if (booked.gross !== charge.amount || booked.fee !== fee) differences.push(`charge ${charge.id}: Stripe ${charge.amount}/${fee} fee, ledger ${booked.gross}/${booked.fee} fee`);
  }
  for (const [chargeId, booked] of ledger) if (!seen.has(chargeId)) differences.push(`charge ${chargeId}: ledger ${booked.gross} cents, not at Stripe`);
  return differences;
}
