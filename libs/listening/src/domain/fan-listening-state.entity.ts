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
    return connectionOf(this);
  }
}

/** The connection as the API shows it, from the state's fields (an entity or a row read with them). */
export function connectionOf(
  state: Pick<FanListeningState, 'status' | 'brokenReason' | 'lastSyncedAt' | 'nextPollAt' | 'lastPlayedAt' | 'connectedAt'>,
): ListeningActivity['connection'] {
  // A fan who only ever uploaded an export has a row (their play count) but never connected.
  const status = state.status === 'disconnected' && !state.connectedAt ? 'not-connected' : state.status;
  return {
    status,
    broken_reason: state.status === 'broken' ? (state.brokenReason ?? null) : null,
    last_synced_at: state.lastSyncedAt?.toISOString() ?? null,
    next_sync_at: state.status === 'connected' ? state.nextPollAt.toISOString() : null,
    last_played_at: state.lastPlayedAt?.toISOString() ?? null,
  };
}
FanListeningStateSchema.setClass(FanListeningState);
