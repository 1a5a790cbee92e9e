import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import { APP_CONFIG, Database, RateLimiter, recordInOutbox, TooManyRequestsException, type AppConfig, type EntityManager } from '#pie/platform';
import { IMPORT_CHUNKS_PER_MINUTE, OPEN_UPLOAD_BYTE_QUOTA } from '../../domain/listening.constants.js';
import { normalizeExportRows, type StoredExportRow } from '../../domain/export-rows.js';
import { ListeningImport } from '../../domain/listening-import.entity.js';
import { chunkIndexOutOfRange, importNotFound, importNotUploading, uploadQuotaExceeded } from '../../domain/listening.errors.js';
import { ImportExport } from '../../jobs/import-export/import-export.job.js';
import { AddImportChunk } from './add-import-chunk.command.js';
import { sql } from 'kysely';
import { listeningDb } from '../../db/listening-db.js';

/**
 * A fan's uploads are held back before they are stored: at most IMPORT_CHUNKS_PER_MINUTE chunks a
 * minute, and their unfinished uploads together may hold at most OPEN_UPLOAD_BYTE_QUOTA bytes of
 * rows (the worker frees them as it imports). Run inside the transaction that stores the chunk,
 * after the fan's advisory lock, so parallel requests cannot slip past the quota.
 */
export async function assertUploadAllowed(em: EntityManager, limiter: RateLimiter, config: AppConfig, fanId: string, bytes: number): Promise<void> {
  if (config.RATE_LIMIT_ENABLED) {
    const wait = await limiter.hit(`listening-import-chunk:${fanId}`, IMPORT_CHUNKS_PER_MINUTE, 60);
    if (wait > 0) throw new TooManyRequestsException(wait);
  }
  const held = await listeningDb(em)
    .selectFrom('listening.import_chunks as c')
    .innerJoin('listening.imports as i', 'i.id', 'c.import_id')
    .select(sql<string | null>`sum(c.bytes)`.as('bytes'))
    .where('i.fan_id', '=', fanId)
    .where('i.status', 'in', ['uploading', 'queued', 'processing'])
    .executeTakeFirst();
  if (Number(held?.bytes ?? 0) + bytes > OPEN_UPLOAD_BYTE_QUOTA) throw uploadQuotaExceeded(OPEN_UPLOAD_BYTE_QUOTA);
}

export const lockFanUploads = (em: EntityManager, fanId: string) =>
  listeningDb(em)
    .selectNoFrom(sql`pg_advisory_xact_lock(hashtext('listening-import:' || ${fanId}::text))`.as('locked'))
    .execute();

export function chunkBytes(chunk: { rows: StoredExportRow[] }): { json: string; bytes: number } {
  const json = JSON.stringify(chunk.rows);
  return { json, bytes: Buffer.byteLength(json) };
}

/** Keeps a chunk until the worker writes it; a chunk sent twice (a retried request) counts once. */
export async function storeChunk(em: EntityManager, upload: ListeningImport, index: number, chunk: { rows: StoredExportRow[]; skipped: number }): Promise<void> {
  const { json, bytes } = chunkBytes(chunk);
  const stored = await listeningDb(em)
    .insertInto('listening.import_chunks')
    .values({ import_id: upload.id, index, row_count: chunk.rows.length, skipped_rows: chunk.skipped, rows: json, bytes })
    .onConflict((oc) => oc.columns(['import_id', 'index']).doNothing())
    .returning('index')
    .execute();
  if (stored.length === 0) return;
  upload.receivedChunks += 1;
  upload.totalRows += chunk.rows.length + chunk.skipped;
  upload.skippedRows += chunk.skipped;
}

@CommandHandler(AddImportChunk)
export class AddImportChunkHandler implements ICommandHandler<AddImportChunk> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ fanId, importId, request }: AddImportChunk) {
    const chunk = normalizeExportRows(request.rows);
    return this.database.transaction(async (em) => {
      await lockFanUploads(em, fanId);
      await assertUploadAllowed(em, this.limiter, this.config, fanId, chunkBytes(chunk).bytes);
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
