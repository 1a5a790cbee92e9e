// Public surface of libs/listening.
export { listeningModule } from './listening.module-descriptor.js';
// Facade for synchronous reads by other modules (pies): time per artist, split evenly among credited artists.
export { listenedMsByArtist, artistFacts, orphanedTracks, type ArtistListening, type ArtistFacts, type OrphanedTrack } from './domain/listened-time.js';
export { writePlays, writePlaysIn, type IncomingPlay, type PlayWriteResult, type PlaySource } from './domain/play-writer.js';
export { FanConnectionBroken, type FanConnectionBrokenPayload } from './events/fan-connection-broken.event.js';
