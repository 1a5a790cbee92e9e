import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Database } from '#pie/platform';
import { profileForUpdate } from '../../domain/fan-profile.entity.js';
import { usernameTaken } from '../../domain/listening.errors.js';
import { UpdateUsername } from './update-username.command.js';
import { sql } from 'kysely';
import { listeningDb } from '../../db/listening-db.js';

@CommandHandler(UpdateUsername)
export class UpdateUsernameHandler implements ICommandHandler<UpdateUsername> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, username }: UpdateUsername) {
    try {
      await this.database.transaction(async (em) => {
        const taken = await listeningDb(em)
          .selectFrom('listening.fan_profiles')
          .select('fan_id')
          .where(sql`lower(username)`, '=', sql<string>`lower(${username})`)
          .where('fan_id', '<>', fanId)
          .executeTakeFirst();
        if (taken) throw usernameTaken();
        const profile = await profileForUpdate(em, fanId);
        profile.username = username;
      });
    } catch (error) {
      // Two fans claiming one name at the same moment: the unique index lets one through.
      if (error instanceof UniqueConstraintViolationException) throw usernameTaken();
      throw error;
    }
    return { username };
  }
}
