import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { artistFacts } from '#pie/listening';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { officeForClaim } from '../../domain/claim-office.js';
import { alreadyClaimed, alreadyClaimedByOffice, artistNotFound, noProviderProfile, wrongVerificationString } from '../../domain/claims.errors.js';
import { claimsWhere, isUniqueViolation, recordCreation, summaries, verificationStringFor } from '../../domain/claims-store.js';
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
        const taken = await em.execute(`select 1 from claims.claims where artist_id = ? and status = 'successful'`, [artist.id]);
        if (taken.length > 0) throw alreadyClaimed();
        const officeId = (await officeForClaim(em, userId, request.officeId, { create: true }))!;
        const [row] = await em.execute<{ id: string }[]>(
          `insert into claims.claims (office_id, artist_id, status, verification_method, platform, verification_string, agreed_at, created_by)
           values (?, ?, 'pending', ?, ?, ?, now(), ?) returning id`,
          [officeId, artist.id, request.verificationMethod, request.selectedPlatform, expected, userId],
        );
        await recordCreation(em, row.id, { kind: 'artist', id: userId });
        const [summary] = await summaries(em, await claimsWhere(em, 'id = ?', [row.id]));
        return summary;
      });
    } catch (error) {
      // The partial unique index: this office already has an open or successful claim on the artist.
      if (isUniqueViolation(error)) throw alreadyClaimedByOffice();
      throw error;
    }
  }
}
