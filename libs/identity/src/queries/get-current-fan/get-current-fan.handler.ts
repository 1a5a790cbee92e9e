import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { Fan } from '../../domain/fan.entity.js';
import { notSignedIn } from '../../domain/identity.errors.js';
import { linkedAccountsOf } from '../../domain/linked-accounts.js';
import { GetCurrentFan } from './get-current-fan.query.js';

@QueryHandler(GetCurrentFan)
export class GetCurrentFanHandler implements IQueryHandler<GetCurrentFan> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetCurrentFan) {
    const em = this.database.em();
    const fan = await em.findOne(Fan, { id: fanId, deletedAt: null });
    if (!fan) throw notSignedIn();
    return fan.toUser(await linkedAccountsOf(em, 'fan', fan.id));
  }
}
