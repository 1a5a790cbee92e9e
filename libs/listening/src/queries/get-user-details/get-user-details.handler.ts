import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { FanProfile } from '../../domain/fan-profile.entity.js';
import { assertVisible } from '../../domain/visibility.js';
import { GetUserDetails } from './get-user-details.query.js';
import { sql } from 'kysely';
import { listeningDb } from '../../db/listening-db.js';

@QueryHandler(GetUserDetails)
export class GetUserDetailsHandler implements IQueryHandler<GetUserDetails> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, viewerId }: GetUserDetails) {
    const em = this.database.em();
    await assertVisible(em, userId, viewerId, 'profile');
    const profile = (await em.findOne(FanProfile, { fanId: userId })) ?? Object.assign(new FanProfile(), FanProfile.blank(userId));
    const stats = await listeningDb(em)
      .selectNoFrom((eb) => [
        eb.selectFrom('listening.fan_listening_state').select('plays_count').where('fan_id', '=', userId).as('plays'),
        eb.selectFrom('listening.fan_listening_state').select('listened_ms').where('fan_id', '=', userId).as('listened_ms'),
        eb.selectFrom('listening.fan_artists').select(sql<string>`count(*)`.as('n')).where('fan_id', '=', userId).as('artists'),
        eb.selectFrom('listening.plays').select(sql<string | null>`min(played_at)`.as('m')).where('fan_id', '=', userId).as('first_played_at'),
      ])
      .executeTakeFirst();
    return {
      _id: userId,
      username: profile.username ?? null,
      is_self: userId === viewerId,
      visibility: profile.visibility(),
      beta: Boolean(profile.betaJoinedAt),
      stats: {
        plays: Number(stats?.plays ?? 0),
        listened_ms: Number(stats?.listened_ms ?? 0),
        artists: Number(stats?.artists ?? 0),
        first_played_at: stats?.first_played_at ? new Date(stats.first_played_at).toISOString() : null,
      },
    };
  }
}
