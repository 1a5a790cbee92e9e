import { defineEvent } from '#pie/platform';

export interface PieCreatedPayload {
  pieId: string;
  fanId: string;
  subscriptionId: string | null;
}

/** A fan's pie exists (billing reads it to stamp the pie id on the subscription). */
export const PieCreated = defineEvent<PieCreatedPayload>('pies.pie-created.v1');
