// Public surface of libs/listening.
export { listeningModule } from './listening.module-descriptor.js';
// Facade for synchronous reads by other modules (pies): time per artist, split evenly among credited artists.
export { listenedMsByArtistForWindows, listenedMsByTrackForWindows, artistFacts, orphanedTracks, dailyListenedMs, publicProfileOf, type ArtistFacts, type OrphanedTrack, type DayListening } from './domain/listened-time.js';
export { searchCatalogue } from './domain/catalogue-search.js';
// A job other modules may queue (pies: the catalogue back-fill on demand).
export { FetchCatalogue } from './jobs/fetch-catalogue/fetch-catalogue.job.js';
// Facade for the admin back office.
export { artistListing, artistListeningListing, artistListeningOf, catalogueArtist, topFansOf, catalogueSize } from './domain/admin-catalogue.js';
