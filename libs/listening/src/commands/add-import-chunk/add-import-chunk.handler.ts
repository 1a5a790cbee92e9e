import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import { Database, recordInOutbox, type EntityManager } from '#pie/platform';
import { normalizeExportRows, type StoredExportRow } from '../../domain/export-rows.js';
import { ListeningImport } from '../../domain/listening-import.entity.js';
import { chunkIndexOutOfRange, importNotFound, importNotUploading } from '../../domain/listening.errors.js';
import { ImportExport } from '../../jobs/import-export/import-export.job.js';
import { AddImportChunk } from './add-import-chunk.command.js';

/** Keeps a chunk until the worker writes it; a chunk sent twice (a retried request) counts once. */
export async function storeChunk(em: EntityManager, upload: ListeningImport, index: number, chunk: { rows: StoredExportRow[]; skipped: number }): Promise<void> {
  const stored = await em.execute<{ index: number }[]>(
    `insert into listening.import_chunks (import_id, index, row_count, skipped_rows, rows) values (?, ?, ?, ?, ?::jsonb)
     on conflict (import_id, index) do nothing returning index`,
    [upload.id, index, chunk.rows.length, chunk.skipped, JSON.stringify(chunk.rows)],
  );
  if (stored.length === 0) return;
  upload.receivedChunks += 1;
  upload.totalRows += chunk.rows.length + chunk.skipped;
  upload.skippedRows += chunk.skipped;
}

@CommandHandler(AddImportChunk)
export class AddImportChunkHandler implements ICommandHandler<AddImportChunk> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ fanId, importId, request }: AddImportChunk) {
    const chunk = normalizeExportRows(request.rows);
    return this.database.transaction(async (em) => {
      const upload = await em.findOne(ListeningImport, { id: importId, fanId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!upload) throw importNotFound();
      if (upload.status !== 'uploading') throw importNotUploading();
      if (request.index >= upload.totalChunks) {
        throw chunkIndexOutOfRange(upload.totalChunks);
      }
      await storeChunk(em, upload, request.index, chunk);
      if (upload.allChunksReceived()) {
        upload.status = 'queued';
        recordInOutbox(em, ImportExport.create({ importId: upload.id }));
      }
      await em.flush();
      return upload.toProgress();
    });
  }
}
