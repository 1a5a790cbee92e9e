import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { requireAdmin } from '#pie/offices';
import { Database } from '#pie/platform';
import { artistNotFound } from '../../domain/claims.errors.js';
import { changeStatus, claimsWhere } from '../../domain/claims-store.js';
import { RemoveClaimedArtist } from './remove-claimed-artist.command.js';

@CommandHandler(RemoveClaimedArtist)
export class RemoveClaimedArtistHandler implements ICommandHandler<RemoveClaimedArtist> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, officeId, artistId }: RemoveClaimedArtist) {
    return this.database.transaction(async (em) => {
      await requireAdmin(em, officeId, userId);
      const [claim] = await claimsWhere(em, { officeId, artistId, open: true }, { lock: true });
      if (!claim) throw artistNotFound();
      await changeStatus(em, claim, 'cancelled', { kind: 'artist', id: userId }, 'Artist removed from the office');
      return { artistId, status: 'Deleted' as const };
    });
  }
}
