import { Query } from '@nestjs/cqrs';
import type { FanUser } from '#pie/contracts';

export class GetCurrentFan extends Query<FanUser> {
  constructor(readonly fanId: string) {
    super();
  }
}
