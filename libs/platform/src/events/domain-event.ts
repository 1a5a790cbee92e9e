import { randomUUID } from 'node:crypto';
import type { QueueName } from '../queues/queue-names.js';
import { declareJobs } from './message-catalogue.js';

/**
 * A message the outbox carries: a domain event (fanned out on the `events` queue to
 * every listener) or a job for one queue. `name` is the wire name, versioned for events
 * (`identity.fan-registered.v1`) and `<module>.<verb-noun>` for jobs.
 */
export interface OutboxEnvelope<TPayload = Record<string, unknown>> {
  id: string;
  queue: QueueName;
  name: string;
  payload: TPayload;
  occurredAt: string;
}

export interface MessageType<TPayload> {
  readonly queue: QueueName;
  readonly name: string;
  /** Builds a new message of this type with a fresh id. */
  create(payload: TPayload): OutboxEnvelope<TPayload>;
}

function messageType<TPayload>(queue: QueueName, name: string): MessageType<TPayload> {
  return {
    queue,
    name,
    create: (payload) => ({ id: randomUUID(), queue, name, payload, occurredAt: new Date().toISOString() }),
  };
}

/** A domain event, past tense and versioned: `defineEvent<P>('pies.pie-period-closed.v1')`. */
export function defineEvent<TPayload>(name: `${string}.${string}.v${number}`): MessageType<TPayload> {
  return messageType<TPayload>('events', name);
}

/** A job with one handler on one queue: `defineJob<P>('email', 'notifications.send-email')`. */
export function defineJob<TPayload>(queue: Exclude<QueueName, 'events'>, name: `${string}.${string}`): MessageType<TPayload> {
  const type = messageType<TPayload>(queue, name);
  declareJobs(type);
  return type;
}
