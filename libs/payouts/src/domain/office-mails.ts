import { payoutSentMessage, stripeDisconnectedMessage, stripeRestrictedMessage } from '#pie/notifications';
import { mailOfficeAdmins } from '#pie/offices';
import type { EntityManager } from '#pie/platform';
import { cents, type PayoutRow } from './payout-rows.js';

/*
 * What payouts tells an office's admins, each recorded in the transaction of the fact it reports
 * (the disconnect, the status change, the payout's journal), so each fact makes its mails once.
 */

/** Links name the office (`?office=`), so a person in several offices lands in this one. */
const officeSettings = (publicUrl: string, officeId: string) => new URL(`/for-artists/office-settings?office=${officeId}`, publicUrl).toString();

/** The office can no longer receive money: disconnected by a Pie admin, or by the account (deauthorized). */
export async function mailStripeDisconnected(tx: EntityManager, publicUrl: string, officeId: string, by: 'admin' | 'stripe'): Promise<void> {
  const settingsLink = officeSettings(publicUrl, officeId);
  await mailOfficeAdmins(tx, officeId, (admin, officeName) => stripeDisconnectedMessage({ to: admin.email, firstName: admin.firstName, officeName, by, settingsLink }));
  await tx.flush();
}

/** Stripe restricted an enabled account (requirements due); `deadline` is Stripe's, when it set one. */
export async function mailStripeRestricted(tx: EntityManager, publicUrl: string, officeId: string, deadline: Date | null): Promise<void> {
  const settingsLink = officeSettings(publicUrl, officeId);
  await mailOfficeAdmins(tx, officeId, (admin, officeName) => stripeRestrictedMessage({ to: admin.email, firstName: admin.firstName, officeName, deadline, settingsLink }));
  await tx.flush();
}

/** A payout left the office's Stripe account for its bank. */
export async function mailPayoutSent(tx: EntityManager, publicUrl: string, payout: PayoutRow): Promise<void> {
  const payoutLink = new URL(`/for-artists/funds/payouts/${payout.id}?office=${payout.office_id}`, publicUrl).toString();
  await mailOfficeAdmins(tx, payout.office_id, (admin, officeName) =>
    payoutSentMessage({ to: admin.email, firstName: admin.firstName, officeName, amountCents: cents(payout.amount_cents), arrivalDate: payout.arrival_date, payoutLink }),
  );
  await tx.flush();
}
