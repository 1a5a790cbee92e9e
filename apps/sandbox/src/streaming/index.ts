/*
 * The streaming provider's Web API stand-in: generated catalogue and listening, served under
 * `/spotify/api/v1` by the providers server (see README.md). Exported for tests and scripts.
 */
export { SpotifyWebApi, type StreamingOptions } from './web-api.js';
export { SpotifySandboxControl, type ClockState, type FaultState } from './control-client.js';
export {
  generateCatalogue,
  getCatalogue,
  DEFAULT_CATALOGUE_SEED,
  DEFAULT_ARTIST_COUNT,
  DEFAULT_TRACK_COUNT,
  type Catalogue,
  type CatalogueAlbum,
  type CatalogueArtist,
  type CatalogueOptions,
  type CatalogueTrack,
} from './catalogue.js';
export {
  ListeningGenerator,
  defaultListenerProfile,
  SEEDED_LISTENER_PROFILES,
  MIN_COUNTED_MS,
  TOP_RANGE_DAYS,
  DAY_MS,
  type ListenerProfile,
  type ListeningOptions,
  type Play,
  type TopRange,
} from './listening.js';
export { basicRows, extendedRows, basicEndTime, extendedTimestamp, exportFileName, type ExportFormat } from './export.js';
export {
  DEFAULT_FAULTS,
  DEFAULT_RATE_LIMIT,
  FaultInjector,
  RequestStats,
  SandboxClock,
  TokenBuckets,
  type RandomFaultConfig,
  type RateLimitConfig,
  type StatsSnapshot,
} from './limits.js';
export { SpotifyObjects } from './objects.js';
export { mulberry32, hashString } from './prng.js';
export * from './spotify-types.js';
export { startStreamingHarness, LISTENING_SCOPES, HARNESS_START, type StreamingHarness } from './testing/harness.js';
