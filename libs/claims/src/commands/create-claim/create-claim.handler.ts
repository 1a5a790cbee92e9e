import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { artistFacts } from '#pie/listening';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { officeForClaim } from '../../domain/claim-office.js';
import { alreadyClaimed, alreadyClaimedByOffice, artistNotFound, noProviderProfile, wrongVerificationString } from '../../domain/claims.errors.js';
import { artistIsClaimed, insertClaim, isUniqueViolation, loadClaim, summaries, verificationStringFor } from '../../domain/claims-store.js';
import { CreateClaim } from './create-claim.command.js';

@CommandHandler(CreateClaim)
export class CreateClaimHandler implements ICommandHandler<CreateClaim> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, request }: CreateClaim) {
    const expected = verificationStringFor(this.config.SESSION_SECRET, userId, request.selectedArtist);
    if (request.verificationString !== expected) throw wrongVerificationString();
    try {
      return await this.database.transaction(async (em) => {
        const [artist] = await artistFacts(em, [request.selectedArtist]);
        if (!artist) throw artistNotFound();
        // Checks read the artist's Spotify profile, else what MusicBrainz lists for their MBID.
        if (!artist.spotifyId && !artist.mbid) throw noProviderProfile(artist.name);
        if (await artistIsClaimed(em, artist.id)) throw alreadyClaimed();
        const officeId = (await officeForClaim(em, userId, request.officeId, { create: true }))!;
        const claimId = await insertClaim(em, {
          officeId,
          artistId: artist.id,
          verificationMethod: request.verificationMethod,
          platform: request.selectedPlatform,
          verificationString: expected,
          createdBy: userId,
        });
        const [summary] = await summaries(em, [(await loadClaim(em, claimId))!]);
        return summary;
      });
    } catch (error) {
      // The partial unique index: this office already has an open or successful claim on the artist.
      if (isUniqueViolation(error)) throw alreadyClaimedByOffice();
      throw error;
    }
  }
}
