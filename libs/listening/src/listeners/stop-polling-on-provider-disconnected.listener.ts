import { Inject, Injectable } from '@nestjs/common';
import { ProviderDisconnected, type ProviderDisconnectedPayload } from '#pie/identity';
import { Database, handleOnce, ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { markDisconnected } from '../domain/fan-connection.js';

/** The fan removed Spotify from their account: no more polls (the plays already stored stay theirs). */
@Injectable()
@ListensTo(ProviderDisconnected)
export class StopPollingOnProviderDisconnectedListener implements EventListener<ProviderDisconnectedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<ProviderDisconnectedPayload>): Promise<void> {
    if (event.payload.provider !== 'spotify') return;
    await handleOnce(this.database.em(), StopPollingOnProviderDisconnectedListener.name, event.id, (em) => markDisconnected(em, event.payload.fanId));
  }
}
