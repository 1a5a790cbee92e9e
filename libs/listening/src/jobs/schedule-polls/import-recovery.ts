import type { EntityManager, QueueRegistry } from '#pie/platform';
import { ABANDONED_UPLOAD_HOURS, IMPORT_PRIORITY, MAX_IMPORT_RECOVERIES, STALLED_IMPORT_MINUTES } from '../../domain/listening.constants.js';
import { ImportExport } from '../import-export/import-export.job.js';

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
  const failed = await em.execute<{ id: string }[]>(
    `update listening.imports set status = 'failed', error = ?, updated_at = now()
      where status in ('queued', 'processing') and updated_at < now() - make_interval(mins => ?) and recoveries >= ?
      returning id`,
    [STALLED_IMPORT_ERROR, STALLED_IMPORT_MINUTES, MAX_IMPORT_RECOVERIES],
  );
  const requeued = await em.execute<{ id: string; recoveries: number }[]>(
    `update listening.imports set recoveries = recoveries + 1, updated_at = now()
      where status in ('queued', 'processing') and updated_at < now() - make_interval(mins => ?) and recoveries < ?
      returning id, recoveries`,
    [STALLED_IMPORT_MINUTES, MAX_IMPORT_RECOVERIES],
  );
  for (const upload of requeued) {
    await queues
      .get(ImportExport.queue)
      .add(ImportExport.name, ImportExport.create({ importId: upload.id }), { jobId: `import-${upload.id}-recovery-${upload.recoveries}`, priority: IMPORT_PRIORITY });
  }
  const abandoned = await em.execute<{ id: string }[]>(
    `delete from listening.imports where status = 'uploading' and updated_at < now() - make_interval(hours => ?) returning id`,
    [ABANDONED_UPLOAD_HOURS],
  );
  return { requeued: requeued.map((row) => row.id), failed: failed.map((row) => row.id), abandoned: abandoned.length };
}
