import { defineEntity, p } from '@mikro-orm/core';

/**
 * One row per domain event or job, written in the same transaction as the change
 * that caused it; the worker's relay moves it to its queue (DESIGN §4).
 */
export const OutboxMessageSchema = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox',
  schema: 'platform',
  properties: {
    id: p.uuid().primary(),
    queue: p.string(),
    jobName: p.string(),
    payload: p.json<Record<string, unknown>>(),
    occurredAt: p.datetime().onCreate(() => new Date()),
    publishedAt: p.datetime().nullable(),
  },
});

export class OutboxMessage extends OutboxMessageSchema.class {}
OutboxMessageSchema.setClass(OutboxMessage);
