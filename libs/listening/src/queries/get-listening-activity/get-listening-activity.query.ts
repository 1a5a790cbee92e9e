import { Query } from '@nestjs/cqrs';
import type { ListeningActivity } from '#pie/contracts';

/** The signed-in fan's listening summary and sync status (`GET /api/user/activity`): the dashboard's header. */
export class GetListeningActivity extends Query<ListeningActivity> {
  constructor(readonly fanId: string) {
    super();
  }
}
