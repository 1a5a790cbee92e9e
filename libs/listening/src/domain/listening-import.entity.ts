import { defineEntity, p } from '@mikro-orm/core';
import type { ImportProgress } from '#pie/contracts';

export type ImportStatus = ImportProgress['status'];

/**
 * An upload of the provider's account-data export. Chunks arrive (uploading), the import is
 * queued once all are in, the worker writes them chunk by chunk (processing, with progress), and
 * it ends completed or failed. Progress and the plays of a chunk commit together, so a retried
 * job resumes at `nextChunk` and the counts stay exact.
 */
export const ListeningImportSchema = defineEntity({
  name: 'ListeningImport',
  tableName: 'imports',
  schema: 'listening',
  properties: {
    id: p.uuid().primary(),
    fanId: p.uuid(),
    fileName: p.string(),
    status: p.string().$type<ImportStatus>(),
    totalChunks: p.integer(),
    receivedChunks: p.integer().default(0),
    nextChunk: p.integer().default(0),
    totalRows: p.integer().default(0),
    processedRows: p.integer().default(0),
    insertedRows: p.integer().default(0),
    skippedRows: p.integer().default(0),
    error: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    completedAt: p.datetime().nullable(),
  },
});

export class ListeningImport extends ListeningImportSchema.class {
  allChunksReceived(): boolean {
    return this.receivedChunks >= this.totalChunks;
  }

  toProgress(): ImportProgress {
    const percent =
      this.status === 'completed' ? 100 : this.status === 'processing' && this.totalRows > 0 ? Math.min(99, Math.floor((this.processedRows / this.totalRows) * 100)) : 0;
    return {
      id: this.id,
      file_name: this.fileName,
      status: this.status,
      total_chunks: this.totalChunks,
      received_chunks: this.receivedChunks,
      total_rows: this.totalRows,
      processed_rows: this.processedRows,
      inserted_rows: this.insertedRows,
      skipped_rows: this.skippedRows,
      percent,
      error: this.error ?? null,
      created_at: this.createdAt.toISOString(),
      completed_at: this.completedAt?.toISOString() ?? null,
    };
  }
}
ListeningImportSchema.setClass(ListeningImport);
