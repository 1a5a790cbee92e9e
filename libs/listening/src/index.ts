// Public surface of libs/listening.
export { listeningModule } from './listening.module-descriptor.js';
// Facade for synchronous reads by other modules (pies): time per artist, split evenly among credited artists.
export { listenedMsByArtist, listenedMsByArtistForWindows, artistFacts, orphanedTracks, dailyListenedMs, publicProfileOf, type ListeningWindow, type ArtistListening, type ArtistFacts, type OrphanedTrack, type DayListening } from './domain/listened-time.js';
export { writePlays, writePlaysIn, type IncomingPlay, type PlayWriteResult, type PlaySource } from './domain/play-writer.js';
export { nativeTransaction } from './domain/native-transaction.js';
export { FanConnectionBroken, type FanConnectionBrokenPayload } from './events/fan-connection-broken.event.js';
export { SchedulePolls } from './jobs/schedule-polls/schedule-polls.job.js';
export { IngestFan, type IngestFanPayload } from './jobs/ingest-fan/ingest-fan.job.js';
export { ImportExport, type ImportExportPayload } from './jobs/import-export/import-export.job.js';
export { FetchCatalogue, type FetchCataloguePayload } from './jobs/fetch-catalogue/fetch-catalogue.job.js';
export { ComputePopularity } from './jobs/compute-popularity/compute-popularity.job.js';
export { POLL_INTERVAL_MS, SCHEDULER_TICK_MS } from './domain/listening.constants.js';
export { CONNECTION_BROKEN_SUBJECT } from './domain/connection-broken-email.js';
