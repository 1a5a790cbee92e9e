import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { artistUserCards } from '#pie/identity';
import { Database } from '#pie/platform';
import { createOfficeFor, officeOf } from '../../domain/offices.js';
import { CreateOffice } from './create-office.command.js';

@CommandHandler(CreateOffice)
export class CreateOfficeHandler implements ICommandHandler<CreateOffice> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, request }: CreateOffice) {
    return this.database.transaction(async (em) => {
      const me = (await artistUserCards(em, [userId])).get(userId);
      const id = await createOfficeFor(em, userId, me?.email ?? '', request.name, request.type);
      return officeOf(em, userId, id);
    });
  }
}
