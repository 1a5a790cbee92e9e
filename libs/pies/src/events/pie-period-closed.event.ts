import { defineEvent } from '#pie/platform';

export interface PiePeriodClosedPayload {
  pieId: string;
  periodId: string;
  fanId: string;
  /** The ledger journal fan wallet → artists; null when nothing moved (no listening, empty wallet). */
  journalId: string | null;
  distributedCents: number;
  artistCount: number;
  rolledOver: boolean;
  startsAt: string;
  endsAt: string;
}

/** A pie period is closed: its money went to its artists (or stayed in the wallet). */
export const PiePeriodClosed = defineEvent<PiePeriodClosedPayload>('pies.pie-period-closed.v1');
