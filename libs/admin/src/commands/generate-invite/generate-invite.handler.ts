import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminGenerateInvite } from '#pie/claims';
import { Database } from '#pie/platform';
import { recordAuditAfter } from '../../domain/audit-log.js';
import { catalogueArtistOrThrow } from '../../domain/catalogue-artist.js';
import { GenerateInvite } from './generate-invite.command.js';

@CommandHandler(GenerateInvite)
export class GenerateInviteHandler implements ICommandHandler<GenerateInvite> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  async execute({ adminId, artistId }: GenerateInvite) {
    const artist = await catalogueArtistOrThrow(this.database.em(), artistId);
    // An invite nobody saw (this answer failed after it was made) is harmless: it expires unused.
    const invite = await adminGenerateInvite(this.database, artistId);
    await recordAuditAfter(this.database, { adminId, action: 'artist-invite.generated', targetType: 'artist-invite', targetId: invite.id, before: null, after: { artistId, expiresAt: invite.expiresAt.toISOString() } });
    return { id: invite.id, artistId, artistName: artist.name, token: invite.token, expiresAt: invite.expiresAt.toISOString() };
  }
}
