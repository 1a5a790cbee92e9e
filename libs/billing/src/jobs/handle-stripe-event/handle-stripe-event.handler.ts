import { Inject, Injectable } from '@nestjs/common';
import { HandlesJob, type JobHandler } from '#pie/platform';
import { StripeEventProcessor } from '../../domain/stripe-event-processor.js';
import { HandleStripeEvent, type HandleStripeEventPayload } from './handle-stripe-event.job.js';

/** Applies a Stripe event (re-reading its object from Stripe); a failure is retried by the queue. */
@Injectable()
@HandlesJob(HandleStripeEvent)
export class HandleStripeEventHandler implements JobHandler<HandleStripeEventPayload> {
  constructor(@Inject(StripeEventProcessor) private readonly processor: StripeEventProcessor) {}

  async handle({ type, objectId, accountId }: HandleStripeEventPayload): Promise<void> {
    if (objectId) await this.processor.process(type, objectId, accountId ?? null);
  }
}
