import type { EntityManager, QueueRegistry } from '#pie/platform';
import { ABANDONED_UPLOAD_HOURS, IMPORT_PRIORITY, MAX_IMPORT_RECOVERIES, STALLED_IMPORT_MINUTES } from '../../domain/listening.constants.js';
import { ImportExport } from '../import-export/import-export.job.js';
import { sql } from 'kysely';
import { listeningDb } from '../../db/listening-db.js';

export const STALLED_IMPORT_ERROR = 'The import stopped and could not be resumed. Please upload the file again.';

export interface ImportRecovery {
  requeued: string[];
  failed: string[];
  abandoned: number;
}

/**
 * No upload stays open forever (it counts against the fan's open-uploads limit and quota): an
 * import queued or processing that made no progress for a while has lost its job (a worker that
 * died, a message lost between the database and the queue) and is queued again, resuming at its
 * next chunk; after a few tries it is marked failed. An upload whose chunks never all arrived
 * goes after a day.
 */
export async function recoverStalledImports(em: EntityManager, queues: QueueRegistry): Promise<ImportRecovery> {
  const db = listeningDb(em);
  const stalledSince = sql<string>`now() - make_interval(mins => ${STALLED_IMPORT_MINUTES})`;
  const failed = await db
    .updateTable('listening.imports')
    .set({ status: 'failed', error: STALLED_IMPORT_ERROR, updated_at: sql`now()` })
    .where('status', 'in', ['queued', 'processing'])
    .where('updated_at', '<', stalledSince)
    .where('recoveries', '>=', MAX_IMPORT_RECOVERIES)
    .returning('id')
    .execute();
  const requeued = await db
    .updateTable('listening.imports')
    .set({ recoveries: sql`recoveries + 1`, updated_at: sql`now()` })
    .where('status', 'in', ['queued', 'processing'])
    .where('updated_at', '<', stalledSince)
    .where('recoveries', '<', MAX_IMPORT_RECOVERIES)
    .returning(['id', 'recoveries'])
    .execute();
  for (const upload of requeued) {
    await queues
      .get(ImportExport.queue)
      .add(ImportExport.name, ImportExport.create({ importId: upload.id }), { jobId: `import-${upload.id}-recovery-${upload.recoveries}`, priority: IMPORT_PRIORITY });
  }
  const abandoned = await db
    .deleteFrom('listening.imports')
    .where('status', '=', 'uploading')
    .where('updated_at', '<', sql<string>`now() - make_interval(hours => ${ABANDONED_UPLOAD_HOURS})`)
    .returning('id')
    .execute();
  return { requeued: requeued.map((row) => row.id), failed: failed.map((row) => row.id), abandoned: abandoned.length };
}
