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
    return importProgressOf(this);
  }
}

export type ImportProgressFields = Pick<
  ListeningImport,
  'id' | 'fileName' | 'status' | 'totalChunks' | 'receivedChunks' | 'totalRows' | 'processedRows' | 'insertedRows' | 'skippedRows' | 'error' | 'createdAt' | 'completedAt'
>;

/** An import's progress as the API shows it, from its fields (an entity or a row read with them). */
export function importProgressOf(upload: ImportProgressFields): ImportProgress {
  const percent =
    upload.status === 'completed' ? 100 : upload.status === 'processing' && upload.totalRows > 0 ? Math.min(99, Math.floor((upload.processedRows / upload.totalRows) * 100)) : 0;
  return {
    id: upload.id,
    file_name: upload.fileName,
    status: upload.status,
    total_chunks: upload.totalChunks,
    received_chunks: upload.receivedChunks,
    total_rows: upload.totalRows,
    processed_rows: upload.processedRows,
    inserted_rows: upload.insertedRows,
    skipped_rows: upload.skippedRows,
    percent,
    error: upload.error ?? null,
    created_at: upload.createdAt.toISOString(),
    completed_at: upload.completedAt?.toISOString() ?? null,
  };
}
ListeningImportSchema.setClass(ListeningImport);
