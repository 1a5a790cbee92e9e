import type { ProviderTokens } from '#pie/identity';
import { recordInOutbox, type Database, type EntityManager } from '#pie/platform';
import { FanConnectionBroken } from '../events/fan-connection-broken.event.js';
import { PROVIDER } from './listening.constants.js';

/**
 * The provider refused us for this fan for good (a 401 after one refresh, a refresh refused):
 * identity records it (the fan's settings show "Reconnect Spotify"), and here polling stops and
 * the fan is told once. Returns whether the connection was working until now.
 */
export async function breakConnection(database: Database, tokens: ProviderTokens, fanId: string, reason: string): Promise<boolean> {
  await tokens.markBroken(fanId, PROVIDER, reason);
  return database.transaction((tx) => markConnectionBroken(tx, fanId, reason));
}

/**
 * The provider refused us for this fan: polling stops, the fan sees the reason, and (once per
 * breakage) `listening.fan-connection-broken.v1` goes out so the fan is told. Returns whether the
 * connection was working until now. Run it in a transaction: the event commits with the state.
 */
export async function markConnectionBroken(em: EntityManager, fanId: string, reason: string): Promise<boolean> {
  const changed = await em.execute<{ fan_id: string }[]>(
    `insert into listening.fan_listening_state as f (fan_id, status, broken_reason, next_poll_at) values (?, 'broken', ?, now())
     on conflict (fan_id) do update set status = 'broken', broken_reason = excluded.broken_reason, updated_at = now()
       where f.status <> 'broken'
     returning fan_id`,
    [fanId, reason.slice(0, 500)],
  );
  if (changed.length === 0) return false;
  recordInOutbox(em, FanConnectionBroken.create({ fanId, provider: 'spotify', reason }));
  await em.flush();
  return true;
}

/** The fan removed the connection: nothing to poll, nothing to tell them. */
export async function markDisconnected(em: EntityManager, fanId: string): Promise<void> {
  await em.execute(
    `update listening.fan_listening_state set status = 'disconnected', broken_reason = null, updated_at = now() where fan_id = ? and status <> 'disconnected'`,
    [fanId],
  );
}

/** A (re)connected fan: polling starts over from `nextPollAt`, the cursor is kept (plays stay deduplicated anyway). */
export async function markConnected(em: EntityManager, fanId: string, nextPollAt: Date): Promise<void> {
  await em.execute(
    `insert into listening.fan_listening_state as f (fan_id, status, next_poll_at, connected_at) values (?, 'connected', ?::timestamptz, now())
     on conflict (fan_id) do update set status = 'connected', broken_reason = null, next_poll_at = least(f.next_poll_at, excluded.next_poll_at),
       connected_at = coalesce(f.connected_at, now()), updated_at = now()
       where f.status <> 'connected' or f.next_poll_at > excluded.next_poll_at`,
    [fanId, nextPollAt.toISOString()],
  );
}
