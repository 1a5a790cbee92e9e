import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ArtistStandingView } from '#pie/contracts';
import { artistEscrows } from '#pie/ledger';
import { artistFacts } from '#pie/listening';
import { Database } from '#pie/platform';
import { artistNotFound } from '../../domain/claims.errors.js';
import { payeeOfficeFor } from '../../domain/payee.js';
import { GetArtistStanding } from './get-artist-standing.query.js';

/**
 * Where an artist stands, for the public artist page: claimed and verified by an office (the claim
 * fans can report) or not, and the money waiting for them in escrow in aggregate (how much, from how
 * many fans; never who) — the same read as the admin's and the office's escrow figures.
 */
@QueryHandler(GetArtistStanding)
export class GetArtistStandingHandler implements IQueryHandler<GetArtistStanding> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ artistId }: GetArtistStanding): Promise<ArtistStandingView> {
    const em = this.database.em();
    if ((await artistFacts(em, [artistId])).length === 0) throw artistNotFound();
    const payee = await payeeOfficeFor(em, artistId);
    const escrow = (await artistEscrows(em, [artistId])).get(artistId);
    return {
      artistId,
      claimed: payee !== null,
      claimId: payee?.claimId ?? null,
      claimedSince: payee?.verifiedAt ? new Date(payee.verifiedAt).toISOString() : null,
      escrowCents: escrow?.heldCents ?? 0,
      escrowFans: escrow?.fans ?? 0,
    };
  }
}
