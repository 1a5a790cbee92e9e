import { Module } from '@nestjs/common';
import { IdentityFacadeModule } from '#pie/identity';
import { FanIngestion } from './domain/fan-ingestion.js';
import { LastfmSource } from './domain/lastfm-source.js';
import { ListenBrainzSource } from './domain/listenbrainz-source.js';
import { ScrobbleSources } from './domain/scrobble-sources.js';
import { ComputePopularityHandler } from './jobs/compute-popularity/compute-popularity.handler.js';
import { FetchCatalogueHandler } from './jobs/fetch-catalogue/fetch-catalogue.handler.js';
import { ImportExportHandler } from './jobs/import-export/import-export.handler.js';
import { IngestFanHandler } from './jobs/ingest-fan/ingest-fan.handler.js';
import { ListeningSchedules } from './jobs/listening-schedules.js';
import { SchedulePollsHandler } from './jobs/schedule-polls/schedule-polls.handler.js';
import { ForgetListeningOnAccountDeletedListener } from './listeners/forget-listening-on-account-deleted.listener.js';
import { SendEmailOnFanConnectionBrokenListener } from './listeners/send-email-on-fan-connection-broken.listener.js';
import { StartPollingOnProviderConnectedListener } from './listeners/start-polling-on-provider-connected.listener.js';
import { SetTimeZoneOnFanRegisteredListener } from './listeners/set-time-zone-on-fan-registered.listener.js';
import { StopPollingOnProviderDisconnectedListener } from './listeners/stop-polling-on-provider-disconnected.listener.js';
import { ArtistEnrichment } from './provider/artist-enrichment.js';
import { LastfmApi } from './provider/lastfm-api.js';
import { ListenBrainzApi } from './provider/listenbrainz-api.js';
import { SpotifyWebApi } from './provider/spotify-web-api.js';
import { SyncScrobblesHandler } from './jobs/sync-scrobbles/sync-scrobbles.handler.js';

/** Worker side of listening, imported by apps/worker: the `listening` queue's jobs, its schedulers and listeners. */
@Module({
  imports: [IdentityFacadeModule],
  providers: [
    SpotifyWebApi,
    ArtistEnrichment,
    FanIngestion,
    ListenBrainzApi,
    LastfmApi,
    ScrobbleSources,
    ListenBrainzSource,
    LastfmSource,
    SyncScrobblesHandler,
    ListeningSchedules,
    SchedulePollsHandler,
    IngestFanHandler,
    ImportExportHandler,
    FetchCatalogueHandler,
    ComputePopularityHandler,
    StartPollingOnProviderConnectedListener,
    StopPollingOnProviderDisconnectedListener,
    SendEmailOnFanConnectionBrokenListener,
    ForgetListeningOnAccountDeletedListener,
    SetTimeZoneOnFanRegisteredListener,
  ],
})
export class ListeningWorkerModule {}
