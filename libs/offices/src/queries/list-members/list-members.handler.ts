import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { requireMember } from '../../domain/office-access.js';
import { membersOf } from '../../domain/offices.js';
import { ListMembers } from './list-members.query.js';

@QueryHandler(ListMembers)
export class ListMembersHandler implements IQueryHandler<ListMembers> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId }: ListMembers) {
    const em = this.database.em();
    await requireMember(em, officeId, userId);
    return (await membersOf(em, [officeId])).get(officeId) ?? [];
  }
}
