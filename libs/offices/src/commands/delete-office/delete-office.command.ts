import { Command } from '@nestjs/cqrs';

/** `DELETE offices/:officeId`: an admin closes an office that is no artist's payee. */
export class DeleteOffice extends Command<void> {
  constructor(readonly userId: string, readonly officeId: string) {
    super();
  }
}
