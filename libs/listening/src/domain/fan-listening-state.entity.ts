import { defineEntity, p } from '@mikro-orm/core';
import type { ListeningActivity } from '#pie/contracts';

export type ConnectionStatus = 'connected' | 'broken' | 'disconnected';

/**
 * A fan's polling state: the cursor (last play seen), when the next poll is due, and whether the
 * provider still lets us in. Counters and the cursor are moved by SQL (`greatest`, `+ n`) so a
 * poll and a manual sync running at once never undo each other.
 */
export const FanListeningStateSchema = defineEntity({
  name: 'FanListeningState',
  tableName: 'fan_listening_state',
  schema: 'listening',
  properties: {
    fanId: p.uuid().primary(),
    status: p.string().$type<ConnectionStatus>(),
    brokenReason: p.string().nullable(),
    lastPlayedAt: p.datetime().nullable(),
    lastPolledAt: p.datetime().nullable(),
    lastSyncedAt: p.datetime().nullable(),
    nextPollAt: p.datetime(),
    playsCount: p.bigint('number').default(0),
    listenedMs: p.bigint('number').default(0),
    connectedAt: p.datetime().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class FanListeningState extends FanListeningStateSchema.class {
  connection(): ListeningActivity['connection'] {
    // A fan who only ever uploaded an export has a row (their play count) but never connected.
    const status = this.status === 'disconnected' && !this.connectedAt ? 'not-connected' : this.status;
    return {
      status,
      broken_reason: this.status === 'broken' ? (this.brokenReason ?? null) : null,
      last_synced_at: this.lastSyncedAt?.toISOString() ?? null,
      next_sync_at: this.status === 'connected' ? this.nextPollAt.toISOString() : null,
      last_played_at: this.lastPlayedAt?.toISOString() ?? null,
    };
  }
}
FanListeningStateSchema.setClass(FanListeningState);
