import { Inject, Injectable } from '@nestjs/common';
import { ProviderConnected, type ProviderConnectedPayload } from '#pie/identity';
import { Database, handleOnce, ListensTo, recordInOutbox, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { markConnected } from '../domain/fan-connection.js';
import { IngestFan } from '../jobs/ingest-fan/ingest-fan.job.js';

/**
 * A fan connected (or reconnected) the streaming provider: they are polled from now on, and the
 * first poll runs at once so their dashboard fills without waiting for the schedule.
 */
@Injectable()
// Consumer key: the class name this listener shipped with, so its inbox rows keep counting.
@ListensTo(ProviderConnected, { consumer: 'StartPollingOnProviderConnectedListener', queue: 'listening' })
export class StartPollingOnProviderConnectedListener implements EventListener<ProviderConnectedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<ProviderConnectedPayload>, { consumer }: ListenerContext): Promise<void> {
    if (event.payload.provider !== 'spotify') return;
    const { fanId } = event.payload;
    await handleOnce(this.database.em(), consumer, event.id, async (em) => {
      await markConnected(em, fanId, new Date());
      recordInOutbox(em, IngestFan.create({ fanId, reason: 'connected' }));
      await em.flush();
    });
  }
}
