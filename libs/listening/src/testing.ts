// Test- and script-only surface of libs/listening: imported as '#pie/listening/testing' by test/ and scripts/,
// never by another module (dependency-cruiser refuses it). The jobs are the listening queue's own.
export { SchedulePolls } from './jobs/schedule-polls/schedule-polls.job.js';
export { IngestFan, type IngestFanPayload } from './jobs/ingest-fan/ingest-fan.job.js';
export { ImportExport, type ImportExportPayload } from './jobs/import-export/import-export.job.js';
export { FetchCatalogue, type FetchCataloguePayload } from './jobs/fetch-catalogue/fetch-catalogue.job.js';
export { ComputePopularity } from './jobs/compute-popularity/compute-popularity.job.js';
export { POLL_INTERVAL_MS, SCHEDULER_TICK_MS } from './domain/listening.constants.js';
export { CONNECTION_BROKEN_SUBJECT } from './domain/connection-broken-email.js';
