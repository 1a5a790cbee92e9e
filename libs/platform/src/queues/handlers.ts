import { SetMetadata } from '@nestjs/common';
import type { MessageType, OutboxEnvelope } from '../events/domain-event.js';

export const JOB_HANDLER_METADATA = 'pie:job-handler';
export const EVENT_LISTENER_METADATA = 'pie:event-listener';

export interface JobContext {
  /** The outbox message id, which is also the BullMQ job id: the durable dedup key. */
  messageId: string;
  attemptsMade: number;
}

/** The one handler of a job (`defineJob`). */
export interface JobHandler<TPayload> {
  handle(payload: TPayload, context: JobContext): Promise<void>;
}

/** One of any number of listeners of a domain event (`defineEvent`); must be idempotent (see handleOnce). */
export interface EventListener<TPayload> {
  handle(event: OutboxEnvelope<TPayload>): Promise<void>;
}

/** Marks a provider as the handler of one job type. */
export const HandlesJob = (type: MessageType<any>): ClassDecorator => SetMetadata(JOB_HANDLER_METADATA, type);

/** Marks a provider as a listener of one domain event type. */
export const ListensTo = (type: MessageType<any>): ClassDecorator => SetMetadata(EVENT_LISTENER_METADATA, type);
