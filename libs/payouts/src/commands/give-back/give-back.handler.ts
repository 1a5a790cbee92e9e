import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { GiveBackView } from '#pie/contracts';
import { requireAdmin, requireMember } from '#pie/offices';
import { Database } from '#pie/platform';
import { giveBack, giveBacksOf } from '../../domain/give-back.js';
import type { ListPage } from '../../queries/office-funds/office-funds.queries.js';
import { GiveBack, ListGiveBacks } from './give-back.command.js';

@CommandHandler(GiveBack)
export class GiveBackHandler implements ICommandHandler<GiveBack> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId, sharePercent, amountCents }: GiveBack): Promise<GiveBackView> {
    return this.database.transaction(async (tx) => {
      await requireAdmin(tx, officeId, userId);
      return giveBack(tx, { officeId, userId, sharePercent, amountCents });
    });
  }
}

@QueryHandler(ListGiveBacks)
export class ListGiveBacksHandler implements IQueryHandler<ListGiveBacks> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId, paging }: ListGiveBacks): Promise<ListPage<GiveBackView>> {
    const em = this.database.em();
    await requireMember(em, officeId, userId);
    return giveBacksOf(em, officeId, paging);
  }
}
