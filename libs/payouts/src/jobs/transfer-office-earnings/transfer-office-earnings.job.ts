import { defineJob } from '#pie/platform';

export interface TransferOfficeEarningsPayload {
  officeId: string;
  /** The month is ending: transfer whatever the earnings hold (net of the monthly fee), threshold or not. */
  monthEnd?: boolean;
}

/** Sends an office's earnings to its Stripe account when a transfer is due (or finishes one in flight). */
export const TransferOfficeEarnings = defineJob<TransferOfficeEarningsPayload>('payments', 'payouts.transfer-office-earnings');
