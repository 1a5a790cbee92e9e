import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database, recordInOutbox } from '#pie/platform';
import { discoveryRunning } from '../../domain/admin.errors.js';
import { recordAudit } from '../../domain/audit-log.js';
import { catalogueArtistOrThrow } from '../../domain/catalogue-artist.js';
import { discoveryOf, startDiscovery } from '../../domain/email-discovery.js';
import { DiscoverArtistEmail } from '../../jobs/discover-artist-email/discover-artist-email.job.js';
import { StartEmailDiscovery } from './start-email-discovery.command.js';

@CommandHandler(StartEmailDiscovery)
export class StartEmailDiscoveryHandler implements ICommandHandler<StartEmailDiscovery> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  async execute({ adminId, artistId, force }: StartEmailDiscovery) {
    await catalogueArtistOrThrow(this.database.em(), artistId);
    return this.database.transaction(async (tx) => {
      const before = await discoveryOf(tx, artistId);
      const queued = await startDiscovery(tx, artistId, adminId, force);
      if (!queued && (before.status === 'queued' || before.status === 'running')) throw discoveryRunning();
      if (queued) recordInOutbox(tx, DiscoverArtistEmail.create({ artistId }));
      await recordAudit(tx, { adminId, action: 'artist.email-discovery-started', targetType: 'artist', targetId: artistId, before: { status: before.status, email: before.email }, after: { queued, forceRediscovery: force } });
      return discoveryOf(tx, artistId);
    });
  }
}
