import { Query } from '@nestjs/cqrs';
import type { AdminClaimRow, AdminClaimsQuery, Pagination } from '#pie/contracts';

/** `GET claims/list`: claims across every office, 20 a page (claims' facade pages and names them). */
export class ListAdminClaims extends Query<{ items: AdminClaimRow[]; pagination: Pagination }> {
  constructor(readonly query: AdminClaimsQuery) {
    super();
  }
}
