import type { EntityManager } from '@mikro-orm/postgresql';
import { executeBound } from '../database/bound-query.js';
import { plainArray, textArray } from '../database/pg-arrays.js';
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
  await executeBound(
    em,
    `insert into platform.outbox (id, queue, job_name, payload, occurred_at)
     select * from unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::timestamptz[])`,
    [
      plainArray(messages.map((m) => m.id)),
      textArray(messages.map((m) => m.queue)),
      textArray(messages.map((m) => m.name)),
      textArray(messages.map((m) => JSON.stringify(m.payload))),
      plainArray(messages.map((m) => m.occurredAt)),
    ],
  );
}
