import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { adminInvitesPage } from '#pie/claims';
import { Database } from '#pie/platform';
import { ListInvites } from './list-invites.query.js';

@QueryHandler(ListInvites)
export class ListInvitesHandler implements IQueryHandler<ListInvites> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  execute({ page }: ListInvites) {
    return adminInvitesPage(this.database.em(), page);
  }
}
