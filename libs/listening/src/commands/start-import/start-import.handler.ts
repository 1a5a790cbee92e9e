import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, RateLimiter, recordInOutbox, type AppConfig } from '#pie/platform';
import { normalizeExportRows } from '../../domain/export-rows.js';
import { ListeningImport } from '../../domain/listening-import.entity.js';
import { tooManyOpenImports } from '../../domain/listening.errors.js';
import { ImportExport } from '../../jobs/import-export/import-export.job.js';
import { assertUploadAllowed, chunkBytes, lockFanUploads, storeChunk } from '../add-import-chunk/add-import-chunk.handler.js';
import { StartImport } from './start-import.command.js';

/** Uploads a fan may have unfinished at once. */
const MAX_OPEN_IMPORTS = 3;

@CommandHandler(StartImport)
export class StartImportHandler implements ICommandHandler<StartImport> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ fanId, request }: StartImport) {
    const chunk = normalizeExportRows(request.rows);
    return this.database.transaction(async (em) => {
      // One fan's uploads are counted under a lock on the fan's rows, so parallel starts cannot slip past the limit.
      await lockFanUploads(em, fanId);
      const open = await em.count(ListeningImport, { fanId, status: { $in: ['uploading', 'queued', 'processing'] } });
      if (open >= MAX_OPEN_IMPORTS) throw tooManyOpenImports();
      await assertUploadAllowed(em, this.limiter, this.config, fanId, chunkBytes(chunk).bytes);
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
