// Test- and script-only surface of libs/listening: imported as '#pie/listening/testing' by test/ and scripts/,
// never by another module (dependency-cruiser refuses it). The jobs are the listening queue's own.
export { SchedulePolls } from './jobs/schedule-polls/schedule-polls.job.js';
export { IngestFan, type IngestFanPayload } from './jobs/ingest-fan/ingest-fan.job.js';
export { ImportExport, type ImportExportPayload } from './jobs/import-export/import-export.job.js';
export { FetchCatalogue, type FetchCataloguePayload } from './jobs/fetch-catalogue/fetch-catalogue.job.js';
export { ComputePopularity, POPULARITY_AFTER_IMPORT } from './jobs/compute-popularity/compute-popularity.job.js';
export { POLL_INTERVAL_MS, SCHEDULER_TICK_MS } from './domain/listening.constants.js';
export { CONNECTION_BROKEN_SUBJECT } from './domain/connection-broken-email.js';
// The play writer's batch statement and what precedes it, for the test that reads its plan.
export { stagePlays, WRITE_PLAYS_SQL } from './domain/play-writer.js';
// The import, catalogue and poll code the contention test runs side by side.
export { ImportExportHandler } from './jobs/import-export/import-export.handler.js';
export { FetchCatalogueHandler } from './jobs/fetch-catalogue/fetch-catalogue.handler.js';
export { FanIngestion } from './domain/fan-ingestion.js';
// Scrobbling sources (issue 33): the sync job and the ListenBrainz source its tests drive.
export { SyncScrobbles, type SyncScrobblesPayload } from './jobs/sync-scrobbles/sync-scrobbles.job.js';
export { ListenBrainzSource, LISTENBRAINZ_REVOKED_REASON } from './domain/listenbrainz-source.js';
export { LastfmSource, LASTFM_REVOKED_REASON, LASTFM_CALLBACK_PATH } from './domain/lastfm-source.js';
export { ScrobbleSources, POLL_OVERLAP_S, LATE_SCROBBLE_WINDOW_S } from './domain/scrobble-sources.js';
// A scrobble as the one writer receives it (the cross-source match's tests write them directly).
export { scrobblePlay, type Scrobble } from './domain/scrobble-plays.js';
// The catalogue's write of full tracks (a poll's), merging name-only entries into them.
export { upsertTrackMetadata } from './domain/catalogue-writer.js';
// Plays written and read straight, without an import or a poll (other modules read time per window).
export { listenedMsByArtist } from './domain/listened-time.js';
export { writePlays, writePlaysIn, type IncomingPlay } from './domain/play-writer.js';
