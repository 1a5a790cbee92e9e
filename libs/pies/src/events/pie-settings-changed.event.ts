import { defineEvent } from '#pie/platform';

export interface PieSettingsChangedPayload {
  pieId: string;
  fanId: string;
  subscriptionId: string | null;
  amountCents: number;
  pieDays: number;
  artistLimit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
  /** True when the amount or period length changed: billing updates the subscription's price from the next period. */
  billingChanged: boolean;
}

/** The fan saved new pie settings; they apply when the next period opens. Billing follows amount and pieDays. */
export const PieSettingsChanged = defineEvent<PieSettingsChangedPayload>('pies.pie-settings-changed.v1');
