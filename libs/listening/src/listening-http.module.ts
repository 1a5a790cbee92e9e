import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityFacadeModule } from '#pie/identity';
import { AddImportChunkHandler } from './commands/add-import-chunk/add-import-chunk.handler.js';
import { JoinBetaHandler } from './commands/join-beta/join-beta.handler.js';
import { StartImportHandler } from './commands/start-import/start-import.handler.js';
import { SyncFanNowHandler } from './commands/sync-fan-now/sync-fan-now.handler.js';
import { UpdateUsernameHandler } from './commands/update-username/update-username.handler.js';
import { UpdateVisibilityHandler } from './commands/update-visibility/update-visibility.handler.js';
import { FanIngestion } from './domain/fan-ingestion.js';
import { LastfmSource } from './domain/lastfm-source.js';
import { ListenBrainzSource } from './domain/listenbrainz-source.js';
import { ScrobbleSources } from './domain/scrobble-sources.js';
import { ArtistsController } from './http/artists.controller.js';
import { ImportsController } from './http/imports.controller.js';
import { SourcesController } from './http/sources.controller.js';
import { TracksController } from './http/tracks.controller.js';
import { UserProfileController } from './http/user-profile.controller.js';
import { LastfmApi } from './provider/lastfm-api.js';
import { ListenBrainzApi } from './provider/listenbrainz-api.js';
import { SpotifyWebApi } from './provider/spotify-web-api.js';
import { GetArtistDetailsHandler } from './queries/get-artist-details/get-artist-details.handler.js';
import { GetArtistTopTracksHandler } from './queries/get-artist-top-tracks/get-artist-top-tracks.handler.js';
import { GetDailyListeningHandler } from './queries/get-daily-listening/get-daily-listening.handler.js';
import { GetFanArtistDetailsHandler } from './queries/get-fan-artist-details/get-fan-artist-details.handler.js';
import { GetImportHandler } from './queries/get-import/get-import.handler.js';
import { GetListeningActivityHandler } from './queries/get-listening-activity/get-listening-activity.handler.js';
import { GetUserDetailsHandler } from './queries/get-user-details/get-user-details.handler.js';
import { ListArtistFansHandler } from './queries/list-artist-fans/list-artist-fans.handler.js';
import { ListArtistsHandler } from './queries/list-artists/list-artists.handler.js';
import { ListFanArtistsHandler } from './queries/list-fan-artists/list-fan-artists.handler.js';
import { ListImportsHandler } from './queries/list-imports/list-imports.handler.js';
import { ListLatestPlaysHandler } from './queries/list-latest-plays/list-latest-plays.handler.js';
import { ListPopularTracksHandler } from './queries/list-popular-tracks/list-popular-tracks.handler.js';
import { ListRecentArtistsHandler } from './queries/list-recent-artists/list-recent-artists.handler.js';
import { ListTopArtistsHandler } from './queries/list-top-artists/list-top-artists.handler.js';
import { ListTopTracksHandler } from './queries/list-top-tracks/list-top-tracks.handler.js';

/** HTTP side of listening, imported by apps/api. */
@Module({
  imports: [CqrsModule, IdentityFacadeModule],
  controllers: [ArtistsController, TracksController, UserProfileController, ImportsController, SourcesController],
  providers: [
    SpotifyWebApi,
    FanIngestion,
    ListenBrainzApi,
    LastfmApi,
    ScrobbleSources,
    ListenBrainzSource,
    LastfmSource,
    SyncFanNowHandler,
    UpdateUsernameHandler,
    UpdateVisibilityHandler,
    JoinBetaHandler,
    StartImportHandler,
    AddImportChunkHandler,
    ListArtistsHandler,
    GetArtistDetailsHandler,
    ListArtistFansHandler,
    ListFanArtistsHandler,
    GetArtistTopTracksHandler,
    GetFanArtistDetailsHandler,
    ListRecentArtistsHandler,
    ListTopArtistsHandler,
    ListLatestPlaysHandler,
    ListPopularTracksHandler,
    GetDailyListeningHandler,
    ListTopTracksHandler,
    GetUserDetailsHandler,
    GetListeningActivityHandler,
    GetImportHandler,
    ListImportsHandler,
  ],
})
export class ListeningHttpModule {}
