import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { auditPage } from '../../domain/audit-log.js';
import { GetAuditLog } from './get-audit-log.query.js';

@QueryHandler(GetAuditLog)
export class GetAuditLogHandler implements IQueryHandler<GetAuditLog> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  execute({ query }: GetAuditLog) {
    return auditPage(this.database.em(), query);
  }
}
