import { describe, expect, it } from 'vitest';
import { loadConfig } from '#pie/platform';
import { ArtistPages, pageText } from './artist-pages.js';

const sandbox = new ArtistPages(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://x@127.0.0.1/x', SOCIAL_PROVIDERS_BASE_URL: 'http://localhost:4000' }));
const production = new ArtistPages(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://x@127.0.0.1/x' }));

describe('artist pages: what a typed link may name', () => {
  it('reads the Spotify artist id from the real and the sandbox URL, nothing else', () => {
    expect(production.parseSpotifyArtistUrl('https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb')).toBe('4Z8W4fKeB5YxbusRsdQVPb');
    expect(production.parseSpotifyArtistUrl('https://open.spotify.com/intl-de/artist/4Z8W4fKeB5YxbusRsdQVPb?si=1')).toBe('4Z8W4fKeB5YxbusRsdQVPb');
    expect(sandbox.parseSpotifyArtistUrl('http://localhost:4000/socials/spotify/artist/abc123')).toBe('abc123');
    expect(production.parseSpotifyArtistUrl('http://localhost:4000/socials/spotify/artist/abc123')).toBeNull();
    expect(production.parseSpotifyArtistUrl('https://evil.example/artist/abc123')).toBeNull();
    expect(production.parseSpotifyArtistUrl('https://open.spotify.com/track/abc123')).toBeNull();
    expect(production.parseSpotifyArtistUrl('javascript:alert(1)')).toBeNull();
  });

  it('reads handles per platform and refuses other hosts, paths and shapes', () => {
    expect(production.parseSocialLink('twitter', 'https://twitter.com/Signal_Flags')).toBe('signal_flags');
    expect(production.parseSocialLink('twitter', 'https://x.com/signal_flags/status/1')).toBe('signal_flags');
    expect(production.parseSocialLink('youtube', 'https://www.youtube.com/@LanternBay')).toBe('lanternbay');
    expect(production.parseSocialLink('youtube', 'https://www.youtube.com/channel/UC123')).toBeNull();
    expect(production.parseSocialLink('facebook', 'https://m.facebook.com/paper.comets')).toBe('paper.comets');
    expect(production.parseSocialLink('instagram', 'https://instagram.com/paper_comets')).toBe('paper_comets');
    expect(production.parseSocialLink('twitter', 'https://x.com.evil.example/signal_flags')).toBeNull();
    expect(production.parseSocialLink('twitter', 'https://x.com/this_handle_is_far_too_long')).toBeNull();
    expect(sandbox.parseSocialLink('twitter', 'http://localhost:4000/socials/twitter/pie_abc')).toBe('pie_abc');
    expect(sandbox.parseSocialLink('twitter', 'http://localhost:4000/socials/instagram/pie_abc')).toBeNull();
  });

  it('builds the URLs it fetches from the handle alone', () => {
    expect(production.socialUrl('youtube', 'lanternbay')).toBe('https://www.youtube.com/@lanternbay');
    expect(sandbox.socialUrl('youtube', 'lanternbay')).toBe('http://localhost:4000/socials/youtube/@lanternbay');
    expect(sandbox.spotifyArtistUrl('abc')).toBe('http://localhost:4000/socials/spotify/artist/abc');
  });

  it('reads a page as its visible text', () => {
    expect(pageText('<p>Bio: <b>pie-verify-0123456789</b></p><script>var x = "pie-verify-fake"</script>')).toBe('Bio: pie-verify-0123456789');
  });
});
