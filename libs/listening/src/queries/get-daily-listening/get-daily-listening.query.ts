import { Query } from '@nestjs/cqrs';
import type { DailyListening } from '#pie/contracts';

/** The signed-in fan's listening per UTC day, oldest first, every day present (`GET /api/tracks/user/daily`). */
export class GetDailyListening extends Query<DailyListening[]> {
  constructor(
    readonly fanId: string,
    readonly days: number,
  ) {
    super();
  }
}
