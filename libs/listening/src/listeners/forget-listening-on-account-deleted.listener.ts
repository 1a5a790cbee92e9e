import { Inject, Injectable } from '@nestjs/common';
import { AccountDeleted, type AccountDeletedPayload } from '#pie/identity';
import { lockFanListening } from '../domain/catalogue-lock.js';
import { listeningDb } from '../db/listening-db.js';
import { READ_MODEL_TABLES } from '../domain/fan-read-models.js';
import { Database, handleOnce, ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';

/** A fan deleted their account: their plays, profile, uploads, polling state and scrobbling sources go (the catalogue stays). */
@Injectable()
// Consumer key: the class name this listener shipped with, so its inbox rows keep counting.
@ListensTo(AccountDeleted, { consumer: 'ForgetListeningOnAccountDeletedListener', queue: 'listening' })
export class ForgetListeningOnAccountDeletedListener implements EventListener<AccountDeletedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<AccountDeletedPayload>, { consumer }: ListenerContext): Promise<void> {
    if (event.payload.kind !== 'fan') return;
    const fanId = event.payload.subjectId;
    await handleOnce(this.database.em(), consumer, event.id, async (em) => {
      // The play writer's locks: a poll or an import of this fan finishes first, or waits and finds nothing.
      await lockFanListening(em, [fanId]);
      const db = listeningDb(em);
      await db.deleteFrom('listening.plays').where('fan_id', '=', fanId).execute();
      for (const table of READ_MODEL_TABLES) await db.deleteFrom(`listening.${table}`).where('fan_id', '=', fanId).execute();
      await db.deleteFrom('listening.imports').where('fan_id', '=', fanId).execute();
      await db.deleteFrom('listening.fan_listening_state').where('fan_id', '=', fanId).execute();
      // Their scrobbling sources' accounts and sealed tokens: a sync under way finds no row and stores nothing.
      await db.deleteFrom('listening.scrobble_sources').where('fan_id', '=', fanId).execute();
      await db.deleteFrom('listening.fan_profiles').where('fan_id', '=', fanId).execute();
    });
  }
}
