import { defineEvent } from '#pie/platform';

export type RolledOverBecause = 'no_money' | 'no_listening';

export interface PiePeriodClosedPayload {
  pieId: string;
  periodId: string;
  fanId: string;
  /** The ledger journal fan wallet → artists; null when nothing moved (no listening, empty wallet). */
  journalId: string | null;
  distributedCents: number;
  artistCount: number;
  rolledOver: boolean;
  /**
   * Why nothing moved, when nothing did: nothing in the wallet to split (a refund, a failed
   * payment), or no artist to split it among (no listening counted, or only banned or excluded
   * artists). Absent from events recorded before it existed: read those as `no_listening`.
   */
  rolledOverBecause?: RolledOverBecause | null;
  startsAt: string;
  endsAt: string;
}

/** A pie period is closed: its money went to its artists (or stayed in the wallet). */
export const PiePeriodClosed = defineEvent<PiePeriodClosedPayload>('pies.pie-period-closed.v1');
