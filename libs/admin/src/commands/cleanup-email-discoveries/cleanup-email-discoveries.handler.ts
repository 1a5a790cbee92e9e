import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { recordAudit } from '../../domain/audit-log.js';
import { cleanupDiscoveries } from '../../domain/email-discovery.js';
import { CleanupEmailDiscoveries } from './cleanup-email-discoveries.command.js';

@CommandHandler(CleanupEmailDiscoveries)
export class CleanupEmailDiscoveriesHandler implements ICommandHandler<CleanupEmailDiscoveries> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  async execute({ adminId }: CleanupEmailDiscoveries) {
    return this.database.transaction(async (tx) => {
      const removed = await cleanupDiscoveries(tx);
      await recordAudit(tx, { adminId, action: 'email-discovery.cleaned-up', targetType: 'email-discovery', targetId: '*', before: null, after: { removed } });
      return { removed };
    });
  }
}
