// Public surface of libs/listening.
export { listeningModule } from './listening.module-descriptor.js';
// Facade for synchronous reads by other modules (pies): time per artist, split evenly among credited artists.
export { listenedMsByArtist, listenedMsByArtistForWindows, listenedMsByTrackForWindows, type TrackListening, artistFacts, orphanedTracks, dailyListenedMs, publicProfileOf, type ListeningWindow, type ArtistListening, type ArtistFacts, type OrphanedTrack, type DayListening } from './domain/listened-time.js';
export { searchCatalogue } from './domain/catalogue-search.js';
export { writePlays, writePlaysIn, type IncomingPlay, type PlayWriteResult, type PlaySource } from './domain/play-writer.js';
export { FanConnectionBroken, type FanConnectionBrokenPayload } from './events/fan-connection-broken.event.js';
// A job other modules may queue (pies: the catalogue back-fill on demand).
export { FetchCatalogue, type FetchCataloguePayload } from './jobs/fetch-catalogue/fetch-catalogue.job.js';
// Facade for the admin back office.
export { adminCataloguePage, catalogueArtist, topFansOf, catalogueSize, type AdminCatalogueRow } from './domain/admin-catalogue.js';
