import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { adminClaimsPage } from '#pie/claims';
import { Database } from '#pie/platform';
import { ListAdminClaims } from './list-admin-claims.query.js';

@QueryHandler(ListAdminClaims)
export class ListAdminClaimsHandler implements IQueryHandler<ListAdminClaims> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  execute({ query }: ListAdminClaims) {
    return adminClaimsPage(this.database.em(), query);
  }
}
