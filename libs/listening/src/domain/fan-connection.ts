import type { ProviderTokens } from '#pie/identity';
import { recordInOutbox, type Database, type EntityManager } from '#pie/platform';
import { FanConnectionBroken } from '../events/fan-connection-broken.event.js';
import { PROVIDER } from './listening.constants.js';
import { sql } from 'kysely';
import { listeningDb } from '../db/listening-db.js';

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
  const changed = await listeningDb(em)
    .insertInto('listening.fan_listening_state')
    .values({ fan_id: fanId, status: 'broken', broken_reason: reason.slice(0, 500), next_poll_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column('fan_id')
        .doUpdateSet({ status: 'broken', broken_reason: (eb) => eb.ref('excluded.broken_reason'), updated_at: sql`now()` })
        .where('listening.fan_listening_state.status', '<>', 'broken'),
    )
    .returning('fan_id')
    .execute();
  if (changed.length === 0) return false;
  recordInOutbox(em, FanConnectionBroken.create({ fanId, provider: 'spotify', reason }));
  await em.flush();
  return true;
}

/** The fan removed the connection: nothing to poll, nothing to tell them. */
export async function markDisconnected(em: EntityManager, fanId: string): Promise<void> {
  await listeningDb(em)
    .updateTable('listening.fan_listening_state')
    .set({ status: 'disconnected', broken_reason: null, updated_at: sql`now()` })
    .where('fan_id', '=', fanId)
    .where('status', '<>', 'disconnected')
    .execute();
}

/** A (re)connected fan: polling starts over from `nextPollAt`, the cursor is kept (plays stay deduplicated anyway). */
export async function markConnected(em: EntityManager, fanId: string, nextPollAt: Date): Promise<void> {
  const state = 'listening.fan_listening_state';
  await listeningDb(em)
    .insertInto(state)
    .values({ fan_id: fanId, status: 'connected', next_poll_at: nextPollAt.toISOString(), connected_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column('fan_id')
        .doUpdateSet({
          status: 'connected',
          broken_reason: null,
          next_poll_at: sql`least(${sql.ref(`${state}.next_poll_at`)}, excluded.next_poll_at)`,
          connected_at: sql`coalesce(${sql.ref(`${state}.connected_at`)}, now())`,
          updated_at: sql`now()`,
        })
        .where((eb) => eb.or([eb(`${state}.status`, '<>', 'connected'), eb(`${state}.next_poll_at`, '>', eb.ref('excluded.next_poll_at'))])),
    )
    .execute();
}
