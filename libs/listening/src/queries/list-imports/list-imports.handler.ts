import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { ListeningImport } from '../../domain/listening-import.entity.js';
import { ListImports } from './list-imports.query.js';

const LATEST = 20;

@QueryHandler(ListImports)
export class ListImportsHandler implements IQueryHandler<ListImports> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: ListImports) {
    const uploads = await this.database.em().find(ListeningImport, { fanId }, { orderBy: { createdAt: 'desc' }, limit: LATEST });
    return uploads.map((upload) => upload.toProgress());
  }
}
