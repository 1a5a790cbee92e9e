import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { ListeningImport } from '../../domain/listening-import.entity.js';
import { importNotFound } from '../../domain/listening.errors.js';
import { GetImport } from './get-import.query.js';

@QueryHandler(GetImport)
export class GetImportHandler implements IQueryHandler<GetImport> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, importId }: GetImport) {
    // Another fan's upload is as unknown as a made-up id.
    const upload = await this.database.em().findOne(ListeningImport, { id: importId, fanId });
    if (!upload) throw importNotFound();
    return upload.toProgress();
  }
}
