import { DomainError } from '#pie/platform';
import type { ProfileSection } from './fan-profile.entity.js';

const SECTION_LABEL: Record<ProfileSection, string> = {
  profile: 'profile',
  top_artists: 'top artists',
  top_tracks: 'top tracks',
  recent_listening: 'recent listening',
};

export const fanNotFound = () => new DomainError('listening.fan-not-found', 'not-found', 'No fan with this id');

export const sectionPrivate = (section: ProfileSection) =>
  new DomainError('listening.section-private', 'forbidden', `This fan keeps their ${SECTION_LABEL[section]} private`);

export const artistNotFound = () => new DomainError('listening.artist-not-found', 'not-found', 'No artist with this id');

export const importNotFound = () => new DomainError('listening.import-not-found', 'not-found', 'No upload with this id');

export const usernameTaken = () =>
  new DomainError('listening.username-taken', 'conflict', 'This username is taken. Please choose another one.', { username: ['This username is taken'] });

export const notConnected = () =>
  new DomainError('listening.provider-not-connected', 'conflict', 'Spotify is not connected. Connect it in Settings to sync your listening.');

export const connectionBroken = (reason: string) => new DomainError('listening.provider-connection-broken', 'conflict', reason);

export const providerUnavailable = () =>
  new DomainError('listening.provider-unavailable', 'unavailable', 'Spotify is not answering right now. Please try again in a minute.');

export const importNotUploading = () =>
  new DomainError('listening.import-not-uploading', 'conflict', 'This upload is complete; start a new upload to send another file.');

export const tooManyOpenImports = () =>
  new DomainError('listening.too-many-open-imports', 'conflict', 'You have several uploads in progress. Wait for them to finish before starting another.');

export const chunkIndexOutOfRange = (totalChunks: number) =>
  new DomainError('listening.chunk-index-out-of-range', 'invalid', `Request body is invalid: index must be below totalChunks (${totalChunks})`, {
    index: [`must be below ${totalChunks}`],
  });

export const uploadQuotaExceeded = (quotaBytes: number) =>
  new DomainError(
    'listening.upload-quota-exceeded',
    'conflict',
    `Your uploads in progress already hold ${Math.round(quotaBytes / 1024 / 1024)} MB of listening history. Wait for them to finish importing, then send the rest.`,
  );
