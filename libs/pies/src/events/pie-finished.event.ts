import { defineEvent } from '#pie/platform';

export interface PieFinishedPayload {
  fanId: string;
  /** The fan's newest pie, the one whose end left the fan with none. */
  pieId: string;
}

/**
 * A fan's pie is over: no live pie (active or past due) is left for the fan and every period of the
 * fan is closed, so no later close will split what the wallet still holds. Billing returns it
 * (libs/billing/README.md, "When a pie is over"). Recorded once per finish, in the transaction of
 * the close or the status change that found it; a period opened later (a late payment) makes the
 * pie unfinished again and its close records the event anew.
 */
export const PieFinished = defineEvent<PieFinishedPayload>('pies.pie-finished.v1');
