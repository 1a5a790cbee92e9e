import { Query } from '@nestjs/cqrs';
import type { RecentArtist } from '#pie/contracts';

/** The artists a fan listened to most recently (`GET /api/artists/recent-listened[/:userId]`). */
export class ListRecentArtists extends Query<RecentArtist[]> {
  constructor(
    readonly fanId: string,
    readonly viewerId: string,
    readonly limit: number,
  ) {
    super();
  }
}
