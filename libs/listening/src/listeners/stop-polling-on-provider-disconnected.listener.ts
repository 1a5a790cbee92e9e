import { Inject, Injectable } from '@nestjs/common';
import { ProviderDisconnected, type ProviderDisconnectedPayload } from '#pie/identity';
import { Database, handleOnce, ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { markDisconnected } from '../domain/fan-connection.js';

/** The fan removed Spotify from their account: no more polls (the plays already stored stay theirs). */
@Injectable()
// Consumer key: the class name this listener shipped with, so its inbox rows keep counting.
@ListensTo(ProviderDisconnected, { consumer: 'StopPollingOnProviderDisconnectedListener', queue: 'listening' })
export class StopPollingOnProviderDisconnectedListener implements EventListener<ProviderDisconnectedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<ProviderDisconnectedPayload>, { consumer }: ListenerContext): Promise<void> {
    if (event.payload.provider !== 'spotify') return;
    await handleOnce(this.database.em(), consumer, event.id, (em) => markDisconnected(em, event.payload.fanId));
  }
}
