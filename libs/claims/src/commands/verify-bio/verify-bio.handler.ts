import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SOCIAL_PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '#pie/contracts';
import { artistFacts } from '#pie/listening';
import { Database } from '#pie/platform';
import { ArtistPages } from '../../domain/artist-pages.js';
import { artistNotFound, noProviderProfile, notAProfileLink, notTheArtistsProfile } from '../../domain/claims.errors.js';
import { claimForCaller } from '../../domain/claims-store.js';
import { assertMayVerify } from '../../domain/claim-status.js';
import { finishVerifying, startVerifying } from '../../domain/verification.js';
import { VerifyBio } from './verify-bio.command.js';

@CommandHandler(VerifyBio)
export class VerifyBioHandler implements ICommandHandler<VerifyBio> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ArtistPages) private readonly pages: ArtistPages,
  ) {}

  async execute({ userId, claimId, request }: VerifyBio) {
    const em = this.database.em();
    const { claim } = await claimForCaller(em, claimId, userId, 'view');
    assertMayVerify(claim.status);
    const [artist] = await artistFacts(em, [claim.artist_id]);
    if (!artist) throw artistNotFound();
    if (!artist.spotifyId) throw noProviderProfile(artist.name);
    // Input checks first: a wrong URL is the caller's mistake (400), not a failed attempt.
    const spotifyId = this.pages.parseSpotifyArtistUrl(request.spotifyArtistUrl);
    if (!spotifyId || spotifyId !== artist.spotifyId) throw notTheArtistsProfile(artist.name);
    const socials: { platform: SocialPlatform; handle: string }[] = [];
    for (const platform of SOCIAL_PLATFORMS) {
      const link = request[`${platform}Link`];
      if (!link) continue;
      const handle = this.pages.parseSocialLink(platform, link);
      if (!handle) throw notAProfileLink(`${platform}Link`, SOCIAL_PLATFORM_LABELS[platform]);
      socials.push({ platform, handle });
    }

    const actor = { kind: 'artist' as const, id: userId };
    await startVerifying(this.database, claimId, actor);
    const outcome = await this.check(artist.name, artist.spotifyId, claim.verification_string, socials);
    return finishVerifying(this.database, claimId, actor, outcome);
  }

  /** Reads the profile (and the linked page asked for) for the string; says what it read, for the admin's review. */
  private async check(artistName: string, spotifyId: string, verificationString: string, socials: { platform: SocialPlatform; handle: string }[]) {
    const proof = { pages: [{ label: `${artistName}’s Spotify profile`, url: this.pages.spotifyArtistUrl(spotifyId) }] };
    const outcome = (ok: boolean, message: string) => ({ ok, message, proof });
    const profile = await this.pages.profile(spotifyId);
    if (!profile) return outcome(false, `We could not open ${artistName}’s Spotify profile`);
    if (profile.text.includes(verificationString)) return outcome(true, 'Verification string found on the Spotify profile');
    for (const { platform, handle } of socials) {
      const label = SOCIAL_PLATFORM_LABELS[platform];
      // The page must be the artist's own: the one their provider profile links to.
      if (profile.links[platform] !== handle) return outcome(false, `This ${label} page is not linked from ${artistName}’s Spotify profile`);
      proof.pages.push({ label: `${label} page @${handle}, linked from the profile`, url: this.pages.socialUrl(platform, handle) });
      const page = await this.pages.socialPage(platform, handle);
      if (!page) return outcome(false, `We could not open this ${label} page`);
      if (page.text.includes(verificationString)) return outcome(true, `Verification string found on the ${label} page`);
    }
    return outcome(false, `We could not find ${verificationString} on ${artistName}’s Spotify profile${socials.length ? ' or the linked page' : ''}. Add it to the bio and try again.`);
  }
}
