import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { artistFacts } from '#pie/listening';
import { Database } from '#pie/platform';
import { usableInvite } from '../../domain/artist-invites.js';
import { inviteInvalid } from '../../domain/claims.errors.js';
import { VerifyArtistInvite } from './verify-artist-invite.query.js';

@QueryHandler(VerifyArtistInvite)
export class VerifyArtistInviteHandler implements IQueryHandler<VerifyArtistInvite> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ token }: VerifyArtistInvite) {
    const em = this.database.em();
    const invite = await usableInvite(em, token);
    const [artist] = await artistFacts(em, [invite.artistId]);
    if (!artist) throw inviteInvalid();
    return { artist: { _id: artist.id, name: artist.name, image_url: artist.imageUrl }, expires_at: invite.expiresAt.toISOString() };
  }
}
