import { describe, expect, it } from 'vitest';
import { retryAfterMs, spotifyApiBaseUrl } from './spotify-web-api.js';

describe('Spotify Web API client', () => {
  it('reads Retry-After in seconds or as a date, at least one second', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('0', now)).toBe(1_000);
    expect(retryAfterMs(null, now)).toBe(1_000);
    expect(retryAfterMs('soon', now)).toBe(1_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('999999', now)).toBe(24 * 3600_000);
  });

  it('talks to the real API, or to the sandbox when one is configured', () => {
    expect(spotifyApiBaseUrl({ SOCIAL_PROVIDERS_BASE_URL: undefined })).toBe('https://api.spotify.com');
    expect(spotifyApiBaseUrl({ SOCIAL_PROVIDERS_BASE_URL: 'http://127.0.0.1:4000/' })).toBe('http://127.0.0.1:4000/spotify/api');
  });
});
