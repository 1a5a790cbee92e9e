import { ConflictException, ForbiddenException, NotFoundException, PayloadTooLargeException, ServiceUnavailableException } from '@nestjs/common';
import type { ProfileSection } from './fan-profile.entity.js';

const SECTION_LABEL: Record<ProfileSection, string> = {
  profile: 'profile',
  top_artists: 'top artists',
  top_tracks: 'top tracks',
  recent_listening: 'recent listening',
};

export const fanNotFound = () => new NotFoundException({ message: 'No fan with this id' });

export const sectionPrivate = (section: ProfileSection) =>
  new ForbiddenException({ message: `This fan keeps their ${SECTION_LABEL[section]} private` });

export const artistNotFound = () => new NotFoundException({ message: 'No artist with this id' });

export const importNotFound = () => new NotFoundException({ message: 'No upload with this id' });

export const usernameTaken = () =>
  new ConflictException({ message: 'This username is taken. Please choose another one.', errors: { username: ['This username is taken'] } });

export const notConnected = () =>
  new ConflictException({ message: 'Spotify is not connected. Connect it in Settings to sync your listening.' });

export const connectionBroken = (reason: string) => new ConflictException({ message: reason });

export const providerUnavailable = () =>
  new ServiceUnavailableException({ message: 'Spotify is not answering right now. Please try again in a minute.' });

export const importNotUploading = () =>
  new ConflictException({ message: 'This upload is complete; start a new upload to send another file.' });

export const tooManyOpenImports = () =>
  new ConflictException({ message: 'You have several uploads in progress. Wait for them to finish before starting another.' });

export const uploadQuotaExceeded = (quotaBytes: number) =>
  new PayloadTooLargeException({
    message: `Your uploads in progress already hold ${Math.round(quotaBytes / 1024 / 1024)} MB of listening history. Wait for them to finish importing, then send the rest.`,
  });
