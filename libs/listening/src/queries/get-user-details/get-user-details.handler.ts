import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { FanProfile } from '../../domain/fan-profile.entity.js';
import { assertVisible } from '../../domain/visibility.js';
import { GetUserDetails } from './get-user-details.query.js';

@QueryHandler(GetUserDetails)
export class GetUserDetailsHandler implements IQueryHandler<GetUserDetails> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, viewerId }: GetUserDetails) {
    const em = this.database.em();
    await assertVisible(em, userId, viewerId, 'profile');
    const profile = (await em.findOne(FanProfile, { fanId: userId })) ?? Object.assign(new FanProfile(), FanProfile.blank(userId));
    const [stats] = await em.execute<{ plays: string; listened_ms: string | null; artists: string; first_played_at: Date | null }[]>(
      `select (select plays_count from listening.fan_listening_state where fan_id = ?) as plays,
              (select listened_ms from listening.fan_listening_state where fan_id = ?) as listened_ms,
              (select count(*) from listening.fan_artists where fan_id = ?) as artists,
              (select min(played_at) from listening.plays where fan_id = ?) as first_played_at`,
      [userId, userId, userId, userId],
    );
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
