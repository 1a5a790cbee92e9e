import { Inject, Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { Database, HandlesJob, nativeTransaction, QueueRegistry, recordInOutbox, type JobContext, type JobHandler } from '#pie/platform';
import { IMPORT_PRIORITY, IMPORT_SLICE_MS } from '../../domain/listening.constants.js';
import { toIncomingPlays, type StoredExportRow } from '../../domain/export-rows.js';
import { ListeningImport } from '../../domain/listening-import.entity.js';
import { writePlaysIn } from '../../domain/play-writer.js';
import { queuePopularityAfterImport } from '../compute-popularity/compute-popularity.job.js';
import { FetchCatalogue } from '../fetch-catalogue/fetch-catalogue.job.js';
import { ImportExport, type ImportExportPayload } from './import-export.job.js';
import { sql } from 'kysely';
import { listeningDb } from '../../db/listening-db.js';

type Step = 'wrote-chunk' | 'all-written' | 'nothing-to-do';

/**
 * Writes an uploaded export chunk by chunk. Each chunk's plays and the import's progress commit
 * in one transaction (the import row locked), so a crash or a retry resumes at the next chunk and
 * the counts stay exact; the (fan, track, played_at) key makes a second upload of the same file
 * add nothing. On the job's last attempt a failure is recorded for the fan to see.
 */
@Injectable()
@HandlesJob(ImportExport)
export class ImportExportHandler implements JobHandler<ImportExportPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async handle({ importId }: ImportExportPayload, context: JobContext): Promise<void> {
    try {
      const started = Date.now();
      let step: Step;
      let chunks = 0;
      while ((step = await this.writeNextChunk(importId)) === 'wrote-chunk') {
        chunks += 1;
        // One chunk per transaction; after a slice of work the rest goes back to the queue behind
        // the polls (a lower priority), so a big upload never holds up everyone else's polling.
        if (Date.now() - started >= IMPORT_SLICE_MS) return this.continueLater(importId, chunks);
      }
      if (step === 'all-written' && (await this.complete(importId))) {
        // After the commit: a crash before this line leaves popularity to the daily run.
        await queuePopularityAfterImport(this.queues);
      }
    } catch (error) {
      if (context.finalAttempt) {
        await listeningDb(this.database.em())
          .updateTable('listening.imports')
          .set({ status: 'failed', error: 'The import could not be completed. Please upload the file again.', updated_at: sql`now()` })
          .where('id', '=', importId)
          .where('status', 'in', ['queued', 'processing'])
          .execute();
      }
      throw error;
    }
  }

  private async continueLater(importId: string, chunks: number): Promise<void> {
    const upload = await listeningDb(this.database.em()).selectFrom('listening.imports').select('next_chunk').where('id', '=', importId).executeTakeFirst();
    await this.queues.get(ImportExport.queue).add(ImportExport.name, ImportExport.create({ importId }), {
      jobId: `import-${importId}-from-${upload?.next_chunk ?? chunks}`,
      priority: IMPORT_PRIORITY,
    });
  }

  private writeNextChunk(importId: string): Promise<Step> {
    // raw SQL: bench:ingest — the import's writer transaction: COPY needs the native client
    // (writePlaysIn), and the chunk read and the progress write run in that transaction with it.
    return nativeTransaction(this.database, async (client) => {
      const { rows: uploads } = await client.query<{ fan_id: string; status: string; next_chunk: number }>(
        `select fan_id, status, next_chunk from listening.imports where id = $1 for update`,
        [importId],
      );
      const upload = uploads[0];
      if (!upload || !['queued', 'processing'].includes(upload.status)) return 'nothing-to-do';
      const { rows: chunks } = await client.query<{ rows: StoredExportRow[]; row_count: number; skipped_rows: number }>(
        `select rows, row_count, skipped_rows from listening.import_chunks where import_id = $1 and index = $2`,
        [importId, upload.next_chunk],
      );
      const chunk = chunks[0];
      if (!chunk) return 'all-written';
      const written = await writePlaysIn(client, toIncomingPlays(upload.fan_id, chunk.rows));
      await client.query(
        `update listening.imports set status = 'processing', next_chunk = next_chunk + 1, processed_rows = processed_rows + $2,
                inserted_rows = inserted_rows + $3, updated_at = now()
          where id = $1`,
        [importId, Number(chunk.row_count) + Number(chunk.skipped_rows), written.inserted],
      );
      return 'wrote-chunk';
    });
  }

  /**
   * Every chunk is in the database: the upload is done, its rows go, and the catalogue lookups start.
   * Whether this call completed it (false when another run already had).
   */
  private complete(importId: string): Promise<boolean> {
    return this.database.transaction(async (tx) => {
      const upload = await tx.findOne(ListeningImport, { id: importId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!upload || (upload.status !== 'queued' && upload.status !== 'processing')) return false;
      upload.status = 'completed';
      upload.completedAt = new Date();
      upload.processedRows = upload.totalRows;
      await listeningDb(tx).deleteFrom('listening.import_chunks').where('import_id', '=', importId).execute();
      recordInOutbox(tx, FetchCatalogue.create({ fanId: upload.fanId }));
      await tx.flush();
      return true;
    });
  }
}
