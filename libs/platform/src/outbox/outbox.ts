import type { EntityManager } from '@mikro-orm/postgresql';
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
