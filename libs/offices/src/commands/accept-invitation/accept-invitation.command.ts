import { Command } from '@nestjs/cqrs';
import type { Office } from '#pie/contracts';

/** `POST offices/accept-invitation/:token`: the invited person, signed in, joins the office. */
export class AcceptInvitation extends Command<Office> {
  constructor(readonly userId: string, readonly officeId: string, readonly token: string) {
    super();
  }
}
