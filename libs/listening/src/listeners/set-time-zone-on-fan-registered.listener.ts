import { Inject, Injectable } from '@nestjs/common';
import { FanRegistered, type FanRegisteredPayload } from '#pie/identity';
import { Database, handleOnce, ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { sql } from 'kysely';
import { listeningDb } from '../db/listening-db.js';
import { lockFanListening } from '../domain/catalogue-lock.js';
import { rebuildFanReadModels } from '../domain/fan-read-models.js';

/**
 * A new fan's time zone (from their browser at sign-up) decides which day each of their plays
 * falls on: it is kept with their listening profile, and anything already counted by UTC days
 * is counted again by theirs.
 */
@Injectable()
@ListensTo(FanRegistered, { consumer: 'listening.set-time-zone', queue: 'listening' })
export class SetTimeZoneOnFanRegisteredListener implements EventListener<FanRegisteredPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<FanRegisteredPayload>, { consumer }: ListenerContext): Promise<void> {
    const { fanId, timeZone } = event.payload;
    if (!timeZone || timeZone === 'UTC') return;
    await handleOnce(this.database.em(), consumer, event.id, async (em) => {
      // The play writer's locks: a first poll writing this fan's figures meanwhile waits (or is waited for).
      await lockFanListening(em, [fanId]);
      const changed = await listeningDb(em)
        .insertInto('listening.fan_profiles')
        .values({ fan_id: fanId, time_zone: timeZone })
        .onConflict((oc) =>
          oc
            .column('fan_id')
            .doUpdateSet({ time_zone: (eb) => eb.ref('excluded.time_zone'), updated_at: sql`now()` })
            .where('listening.fan_profiles.time_zone', '<>', (eb) => eb.ref('excluded.time_zone')),
        )
        .returning('fan_id')
        .execute();
      if (changed.length > 0) await rebuildFanReadModels(em, [fanId]);
    });
  }
}
