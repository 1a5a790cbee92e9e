import { Inject, Injectable } from '@nestjs/common';
import { AccountDeleted, type AccountDeletedPayload } from '#pie/identity';
import { READ_MODEL_TABLES } from '../domain/fan-read-models.js';
import { Database, handleOnce, ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';

/** A fan deleted their account: their plays, profile, uploads and polling state go (the catalogue stays). */
@Injectable()
@ListensTo(AccountDeleted)
export class ForgetListeningOnAccountDeletedListener implements EventListener<AccountDeletedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<AccountDeletedPayload>): Promise<void> {
    if (event.payload.kind !== 'fan') return;
    const fanId = event.payload.subjectId;
    await handleOnce(this.database.em(), ForgetListeningOnAccountDeletedListener.name, event.id, async (em) => {
      await em.execute(`delete from listening.plays where fan_id = ?`, [fanId]);
      for (const table of READ_MODEL_TABLES) await em.execute(`delete from listening.${table} where fan_id = ?`, [fanId]);
      await em.execute(`delete from listening.imports where fan_id = ?`, [fanId]);
      await em.execute(`delete from listening.fan_listening_state where fan_id = ?`, [fanId]);
      await em.execute(`delete from listening.fan_profiles where fan_id = ?`, [fanId]);
    });
  }
}
