import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { officesOf } from '../../domain/offices.js';
import { ListOffices } from './list-offices.query.js';

@QueryHandler(ListOffices)
export class ListOfficesHandler implements IQueryHandler<ListOffices> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId }: ListOffices) {
    return officesOf(this.database.em(), userId);
  }
}
