import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityFacadeModule } from '#pie/identity';
import { BanArtistHandler } from './commands/ban-artist/ban-artist.handler.js';
import { QueueMissingTracksHandler } from './commands/queue-missing-tracks/queue-missing-tracks.handler.js';
import { SetArtistInclusionHandler } from './commands/set-artist-inclusion/set-artist-inclusion.handler.js';
import { UpdatePieSettingsHandler } from './commands/update-pie-settings/update-pie-settings.handler.js';
import { PieReads } from './queries/pie-reads.js';
import { PiesController, PublicPieController } from './http/pies.controller.js';
import { StatementsController } from './http/statements.controller.js';

/** HTTP side of pies, imported by apps/api. */
@Module({
  imports: [CqrsModule, IdentityFacadeModule],
  controllers: [PublicPieController, PiesController, StatementsController],
  providers: [PieReads, UpdatePieSettingsHandler, BanArtistHandler, SetArtistInclusionHandler, QueueMissingTracksHandler],
})
export class PiesHttpModule {}
