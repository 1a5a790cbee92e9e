import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database, recordInOutbox } from '#pie/platform';
import { normalizeExportRows } from '../../domain/export-rows.js';
import { ListeningImport } from '../../domain/listening-import.entity.js';
import { tooManyOpenImports } from '../../domain/listening.errors.js';
import { ImportExport } from '../../jobs/import-export/import-export.job.js';
import { storeChunk } from '../add-import-chunk/add-import-chunk.handler.js';
import { StartImport } from './start-import.command.js';

/** Uploads a fan may have unfinished at once. */
const MAX_OPEN_IMPORTS = 3;

@CommandHandler(StartImport)
export class StartImportHandler implements ICommandHandler<StartImport> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ fanId, request }: StartImport) {
    const chunk = normalizeExportRows(request.rows);
    return this.database.transaction(async (em) => {
      // One fan's uploads are counted under a lock on the fan's rows, so parallel starts cannot slip past the limit.
      await em.execute(`select pg_advisory_xact_lock(hashtext('listening-import:' || ?))`, [fanId]);
      const open = await em.count(ListeningImport, { fanId, status: { $in: ['uploading', 'queued', 'processing'] } });
      if (open >= MAX_OPEN_IMPORTS) throw tooManyOpenImports();
      const upload = em.create(ListeningImport, {
        id: randomUUID(),
        fanId,
        fileName: request.fileName,
        status: 'uploading',
        totalChunks: request.totalChunks,
        error: null,
        completedAt: null,
      });
      await em.flush();
      await storeChunk(em, upload, 0, chunk);
      if (upload.allChunksReceived()) {
        upload.status = 'queued';
        recordInOutbox(em, ImportExport.create({ importId: upload.id }));
      }
      await em.flush();
      return upload.toProgress();
    });
  }
}
