import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { Fan } from '../../domain/fan.entity.js';
import { notSignedIn } from '../../domain/identity.errors.js';
import { GetCurrentFan } from './get-current-fan.query.js';

@QueryHandler(GetCurrentFan)
export class GetCurrentFanHandler implements IQueryHandler<GetCurrentFan> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetCurrentFan) {
    const fan = await this.database.em().findOne(Fan, { id: fanId });
    if (!fan) throw notSignedIn();
    return fan.toUser();
  }
}
