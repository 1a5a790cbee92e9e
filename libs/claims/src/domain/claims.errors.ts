import { BadRequestException, ConflictException, ForbiddenException, NotFoundException, UnprocessableEntityException } from '@nestjs/common';

/** A claim of another office, or on an artist the member is not assigned to, looks missing. */
export const claimNotFound = () => new NotFoundException({ message: 'No claim with this id' });
export const artistNotFound = () => new NotFoundException({ message: 'No artist with this id' });
export const adminOnly = () => new ForbiddenException({ message: 'Only an office admin can do this' });
export const alreadyClaimed = () => new ConflictException({ message: 'This artist has already been claimed by another office' });
export const alreadyClaimedByOffice = () => new ConflictException({ message: 'Your office already has a claim on this artist' });
export const successfulCannotBeDeleted = () =>
  new ConflictException({ message: 'A successful claim cannot be deleted. Remove the artist from the office in its settings instead.' });
export const wrongVerificationString = () =>
  new BadRequestException({ message: 'This is not the verification string for this claim', errors: { verificationString: ['Use the string shown in the last step'] } });
export const chooseOffice = () =>
  new BadRequestException({ message: 'You are an admin of several offices: say which one with officeId', errors: { officeId: ['Required when you are an admin of several offices'] } });
export const notTheArtistsProfile = (artistName: string) =>
  new BadRequestException({ message: `This Spotify URL is not ${artistName}’s profile`, errors: { spotifyArtistUrl: ['Not the claimed artist’s profile'] } });
export const notAProfileLink = (field: string, platform: string) =>
  new BadRequestException({ message: `${field} is not a ${platform} profile link`, errors: { [field]: [`Not a ${platform} profile link`] } });
export const verificationFailed = (message: string) => new UnprocessableEntityException({ message });
export const providerUnavailable = () => new UnprocessableEntityException({ message: 'We could not reach the artist’s pages just now. Please try again in a minute.' });
export const socialPlatformNotConfigured = () => new BadRequestException({ message: 'Sign-in with this platform is not available' });
export const noProviderProfile = () => new ConflictException({ message: 'This artist has no streaming-provider profile to verify against' });
export const inviteInvalid = () => new NotFoundException({ message: 'This invite link is not valid' });
export const inviteExpired = () => new BadRequestException({ message: 'This invite has expired. Ask Pie for a new one.' });
export const inviteUsed = () => new ConflictException({ message: 'This invite has already been used' });
