import { SetMetadata } from '@nestjs/common';
import type { MessageType, OutboxEnvelope } from '../events/domain-event.js';
import type { QueueName } from './queue-names.js';

export const JOB_HANDLER_METADATA = 'pie:job-handler';
export const EVENT_LISTENER_METADATA = 'pie:event-listener';

export interface JobContext {
  /** The outbox message id, which is also the BullMQ job id: the durable dedup key. */
  messageId: string;
  attemptsMade: number;
  /** This run is the last retry: if it fails, the job is kept as dead (platform.dead_jobs). */
  finalAttempt: boolean;
}

export interface ListenerContext {
  /** The listener's stable inbox key (`@ListensTo(…, { consumer })`): pass it to handleOnce. */
  consumer: string;
  attemptsMade: number;
  finalAttempt: boolean;
}

/** The one handler of a job (`defineJob`). */
export interface JobHandler<TPayload> {
  handle(payload: TPayload, context: JobContext): Promise<void>;
}

/** One of any number of listeners of a domain event (`defineEvent`); must be idempotent (see handleOnce). */
export interface EventListener<TPayload> {
  handle(event: OutboxEnvelope<TPayload>, context: ListenerContext): Promise<void>;
}

export interface ListenerOptions {
  /**
   * The listener's inbox key, stable forever: `<module>.<what-it-does>` (e.g. 'listening.start-polling').
   * Renaming the class changes nothing; changing this key would run the effect again on redelivery.
   */
  consumer: string;
  /** The listener's own module queue: each (listener, event) is one job there, with its own retries. */
  queue: Exclude<QueueName, 'events'>;
}

export interface ListenerRegistration extends ListenerOptions {
  event: MessageType<unknown>;
}

/** Marks a provider as the handler of one job type. */
export const HandlesJob = (type: MessageType<any>): ClassDecorator => SetMetadata(JOB_HANDLER_METADATA, type);

/** Marks a provider as a listener of one domain event type. */
export const ListensTo = (type: MessageType<any>, options: ListenerOptions): ClassDecorator =>
  SetMetadata(EVENT_LISTENER_METADATA, { event: type, ...options } satisfies ListenerRegistration);
