import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { plainArray, textArray } from '../database/pg-arrays.js';
import { platformDb } from '../database/platform-db.js';
import type { OutboxEnvelope } from '../events/domain-event.js';
import { OutboxMessage } from './outbox-message.entity.js';

/**
 * Records messages in the caller's unit of work: they are written by the caller's
 * flush/transaction and so exist exactly when the change that caused them does.
 */
export function recordInOutbox(em: EntityManager, ...messages: OutboxEnvelope<object>[]): void {
  for (const message of messages) {
    em.persist(
      em.create(OutboxMessage, {
        id: message.id,
        queue: message.queue,
        jobName: message.name,
        payload: message.payload as Record<string, unknown>,
        occurredAt: new Date(message.occurredAt),
        publishedAt: null,
      }),
    );
  }
}

/**
 * Writes messages to the outbox at once, in one statement, in the caller's transaction (which it
 * requires: outside one they would exist before the change that caused them). For batch writers:
 * the period close records a thousand events per transaction, and as many entities in the unit of
 * work cost the close more than the statement does.
 */
export async function insertIntoOutbox(em: EntityManager, messages: readonly OutboxEnvelope<object>[]): Promise<void> {
  if (!em.isInTransaction()) throw new Error('insertIntoOutbox writes in the caller’s transaction; call it inside one');
  if (messages.length === 0) return;
  // The arrays go as five bound parameters whatever the batch size (a VALUES list would be five per message).
  await platformDb(em)
    .insertInto('platform.outbox')
    .columns(['id', 'queue', 'job_name', 'payload', 'occurred_at'])
    .expression(
      sql`select * from unnest(${plainArray(messages.map((m) => m.id))}::uuid[], ${textArray(messages.map((m) => m.queue))}::text[], ${textArray(
        messages.map((m) => m.name),
      )}::text[], ${textArray(messages.map((m) => JSON.stringify(m.payload)))}::jsonb[], ${plainArray(messages.map((m) => m.occurredAt))}::timestamptz[])`,
    )
    .execute();
}
