import { Query } from '@nestjs/cqrs';
import type { AuditEntry, Pagination } from '#pie/contracts';

/** `GET audit-log`: the admins' actions, newest first, paged in the database, each target and record named. */
export class GetAuditLog extends Query<{ items: AuditEntry[]; pagination: Pagination }> {
  constructor(readonly query: { page: number; limit: number; targetType?: string; targetId?: string; action?: string }) {
    super();
  }
}
