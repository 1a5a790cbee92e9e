import type { ClaimStatus } from '#pie/contracts';
import { DomainError } from '#pie/platform';

/** A claim of another office, or on an artist the member is not assigned to, looks missing. */
export const claimNotFound = () => new DomainError('claims.claim-not-found', 'not-found', 'No claim with this id');
export const artistNotFound = () => new DomainError('claims.artist-not-found', 'not-found', 'No artist with this id');
export const adminOnly = () => new DomainError('claims.admin-only', 'forbidden', 'Only an office admin can do this');
export const illegalTransition = (from: ClaimStatus, to: ClaimStatus) => new DomainError('claims.illegal-transition', 'conflict', `A ${from} claim cannot become ${to}`);
export const alreadyClaimed = () => new DomainError('claims.artist-already-claimed', 'conflict', 'This artist has already been claimed by another office');
export const alreadyClaimedByOffice = () => new DomainError('claims.office-already-claims-artist', 'conflict', 'Your office already has a claim on this artist');
export const successfulCannotBeDeleted = () =>
  new DomainError('claims.successful-cannot-be-deleted', 'conflict', 'A successful claim cannot be deleted. Remove the artist from the office in its settings instead.');
export const officeIsPayee = () =>
  new DomainError('claims.office-is-payee', 'conflict', 'This office is the payee of a claimed artist. Remove its claimed artists first.');
export const wrongVerificationString = () =>
  new DomainError('claims.wrong-verification-string', 'invalid', 'This is not the verification string for this claim', { verificationString: ['Use the string shown in the last step'] });
export const chooseOffice = () =>
  new DomainError('claims.office-required', 'invalid', 'You are an admin of several offices: say which one with officeId', { officeId: ['Required when you are an admin of several offices'] });
export const notTheArtistsProfile = (artistName: string) =>
  new DomainError('claims.not-the-artists-profile', 'invalid', `This Spotify URL is not ${artistName}’s profile`, { spotifyArtistUrl: ['Not the claimed artist’s profile'] });
export const notAProfileLink = (field: string, platform: string) =>
  new DomainError('claims.not-a-profile-link', 'invalid', `${field} is not a ${platform} profile link`, { [field]: [`Not a ${platform} profile link`] });
/** The check ran and did not find what it needs: the claim stays verifying; the artist fixes the bio and tries again. */
export const verificationFailed = (message: string) => new DomainError('claims.verification-failed', 'conflict', message);
export const pagesUnavailable = () => new DomainError('claims.pages-unavailable', 'unavailable', 'We could not reach the artist’s pages just now. Please try again in a minute.');
export const socialPlatformNotConfigured = () => new DomainError('claims.platform-not-configured', 'invalid', 'Sign-in with this platform is not available');
/**
 * The artist has neither a Spotify id nor a MusicBrainz id: Pie knows them only from uploads (or
 * scrobbles without an MBID). Both checks read the artist's own links (their Spotify profile, else
 * what MusicBrainz lists for them), so neither can run: say so, and the way that still works (an
 * invitation from Pie), instead of failing.
 */
export const noProviderProfile = (artistName: string) =>
  new DomainError(
    'claims.no-provider-profile',
    'conflict',
    `Pie knows ${artistName} only from listeners’ uploads or scrobbles, with neither a Spotify profile nor a MusicBrainz entry. Verifying by a bio or a social sign-in reads the accounts the artist’s Spotify profile or MusicBrainz entry links to, so it needs one of them. Ask Pie for an artist invitation link to claim ${artistName} instead.`,
  );
/** verify-bio for an artist with a Spotify profile: the profile's URL is what the caller points at. */
export const spotifyUrlRequired = (artistName: string) =>
  new DomainError('claims.spotify-url-required', 'invalid', `Give ${artistName}’s Spotify artist URL`, { spotifyArtistUrl: ['Required: the claimed artist’s Spotify URL'] });
/**
 * verify-bio for an artist known from MusicBrainz only: MusicBrainz keeps no bio, so the string
 * must be on a page it lists for the artist, and that page's link is required.
 */
export const linkedPageRequired = (artistName: string) =>
  new DomainError(
    'claims.linked-page-required',
    'invalid',
    `${artistName} has no Spotify profile, so the string must be on a page MusicBrainz lists for them: give that page’s link (X, YouTube, Facebook or Instagram)`,
    { twitterLink: ['Give the link of a page MusicBrainz lists for the artist'] },
  );
/** A Spotify URL for an artist Pie knows without a Spotify id: bio on a Spotify profile needs one. */
export const noSpotifyProfile = (artistName: string) =>
  new DomainError('claims.no-spotify-profile', 'invalid', `Pie knows no Spotify profile for ${artistName}: put the string on a page MusicBrainz lists for them instead`, {
    spotifyArtistUrl: ['The artist has no Spotify id in Pie'],
  });
export const notReportable = () => new DomainError('claims.claimed-artist-not-found', 'not-found', 'No claimed artist with this id');
export const inviteInvalid = () => new DomainError('claims.invite-invalid', 'not-found', 'This invite link is not valid');
export const inviteExpired = () => new DomainError('claims.invite-expired', 'invalid', 'This invite has expired. Ask Pie for a new one.');
export const inviteUsed = () => new DomainError('claims.invite-used', 'conflict', 'This invite has already been used');
export const alreadyReported = () =>
  new DomainError('claims.already-reported', 'conflict', 'You have already reported this claim. Our team will look at it; there is no need to report it again.');
