import { Command } from '@nestjs/cqrs';
import type { CrmStatus } from '#pie/contracts';

/** `PUT artists/:id/crm-status`: the artist's outreach status, with its audit row in one transaction. */
export class SetCrmStatus extends Command<{ artistId: string; crmStatus: CrmStatus }> {
  constructor(readonly adminId: string, readonly artistId: string, readonly status: CrmStatus) {
    super();
  }
}
