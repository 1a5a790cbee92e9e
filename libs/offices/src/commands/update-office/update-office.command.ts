import { Command } from '@nestjs/cqrs';
import type { Office, OfficeType } from '#pie/contracts';

/** `PATCH offices/:officeId` and `PATCH office/name`: an admin renames the office or changes its type. */
export class UpdateOffice extends Command<Office> {
  constructor(readonly userId: string, readonly officeId: string | undefined, readonly changes: { name?: string; type?: OfficeType }) {
    super();
  }
}
