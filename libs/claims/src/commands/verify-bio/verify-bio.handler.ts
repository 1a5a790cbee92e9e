import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SOCIAL_PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '#pie/contracts';
import { artistFacts } from '#pie/listening';
import { Database } from '#pie/platform';
import { ArtistPages, type LinkSource } from '../../domain/artist-pages.js';
import { artistNotFound, linkedPageRequired, noProviderProfile, noSpotifyProfile, notAProfileLink, notTheArtistsProfile, spotifyUrlRequired } from '../../domain/claims.errors.js';
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
    const [artist] = await artistFacts(em, [claim.artistId]);
    if (!artist) throw artistNotFound();
    const source = this.pages.linkSource(artist);
    if (!source) throw noProviderProfile(artist.name);
    // Input checks first: a wrong URL is the caller's mistake (400), not a failed attempt.
    if (artist.spotifyId) {
      if (!request.spotifyArtistUrl) throw spotifyUrlRequired(artist.name);
      if (this.pages.parseSpotifyArtistUrl(request.spotifyArtistUrl) !== artist.spotifyId) throw notTheArtistsProfile(artist.name);
    } else if (request.spotifyArtistUrl) {
      // Bio on a Spotify profile needs the artist's Spotify id: without one no profile is theirs.
      throw noSpotifyProfile(artist.name);
    }
    const socials: { platform: SocialPlatform; handle: string }[] = [];
    for (const platform of SOCIAL_PLATFORMS) {
      const link = request[`${platform}Link`];
      if (!link) continue;
      const handle = this.pages.parseSocialLink(platform, link);
      if (!handle) throw notAProfileLink(`${platform}Link`, SOCIAL_PLATFORM_LABELS[platform]);
      socials.push({ platform, handle });
    }
    // MusicBrainz keeps no bio: the string can only be on a page it lists.
    if (source.kind === 'musicbrainz' && socials.length === 0) throw linkedPageRequired(artist.name);

    const actor = { kind: 'artist' as const, id: userId };
    await startVerifying(this.database, claimId, actor);
    const outcome = await this.check(artist, source, claim.verificationString, socials);
    return finishVerifying(this.database, claimId, actor, outcome);
  }

  /**
   * Reads the artist's link source (their Spotify profile, or what MusicBrainz lists) and the linked
   * page asked for, for the string; says what it read, for the admin's review.
   */
  private async check(
    artist: { name: string; spotifyId: string | null; mbid: string | null },
    source: LinkSource,
    verificationString: string,
    socials: { platform: SocialPlatform; handle: string }[],
  ) {
    const artistName = artist.name;
    const where = `${artistName}’s ${source.label}`;
    const proof = { pages: [{ label: where, url: source.url }] };
    const outcome = (ok: boolean, message: string) => ({ ok, message, proof, confirmByHand: source.kind === 'musicbrainz' });
    const profile = await this.pages.linksOf(artist);
    if (!profile) return outcome(false, `We could not open ${where}`);
    if (source.kind === 'spotify' && profile.text.includes(verificationString)) return outcome(true, 'Verification string found on the Spotify profile');
    for (const { platform, handle } of socials) {
      const label = SOCIAL_PLATFORM_LABELS[platform];
      // The page must be the artist's own: the one their profile (or MusicBrainz entry) links to.
      if (profile.links[platform] !== handle) return outcome(false, `This ${label} page is not linked from ${where}`);
      proof.pages.push({ label: `${label} page @${handle}, linked from the ${source.kind === 'spotify' ? 'profile' : 'MusicBrainz entry'}`, url: this.pages.socialUrl(platform, handle) });
      const page = await this.pages.socialPage(platform, handle);
      if (!page) return outcome(false, `We could not open this ${label} page`);
      if (page.text.includes(verificationString)) return outcome(true, `Verification string found on the ${label} page`);
    }
    if (source.kind === 'musicbrainz') return outcome(false, `We could not find ${verificationString} on the linked page. Add it to that page’s bio and try again.`);
    return outcome(false, `We could not find ${verificationString} on ${artistName}’s Spotify profile${socials.length ? ' or the linked page' : ''}. Add it to the bio and try again.`);
  }
}
