import { defineJob } from '#pie/platform';

export interface ImportExportPayload {
  importId: string;
}

/** Writes an uploaded account-data export, chunk by chunk, with progress. */
export const ImportExport = defineJob<ImportExportPayload>('listening', 'listening.import-export');
