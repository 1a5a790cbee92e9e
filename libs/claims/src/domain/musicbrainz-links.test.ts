import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '#pie/platform';
import { startStreamingHarness, type StreamingHarness } from '../../../../apps/sandbox/src/streaming/testing/harness.js';
import { MusicBrainzLinks } from './musicbrainz-links.js';

const MBID = '0c7a3a41-92f4-4e1e-9a7e-3d1b8a6f2c55';

describe('MusicBrainz links (against the sandbox stand-in, MusicBrainz’s one request a second)', () => {
  let harness: StreamingHarness;
  let links: MusicBrainzLinks;

  beforeAll(async () => {
    harness = await startStreamingHarness();
    links = new MusicBrainzLinks({ SOCIAL_PROVIDERS_BASE_URL: harness.url, MUSICBRAINZ_API_URL: undefined, PUBLIC_URL: 'https://pie.example' });
    await harness.send('POST', `/musicbrainz/__admin/artists/${MBID}`, { name: 'Glass Harbour', urls: ['https://twitter.com/glass_harbour', 'https://glassharbour.example/'] });
  }, 60_000);
  afterAll(() => harness.close());

  it('reads the artist’s links; back-to-back lookups are spaced a second apart and never refused', async () => {
    const started = Date.now();
    const answers = await Promise.all([links.urls(MBID), links.urls(MBID), links.urls(MBID)]);
    expect(answers).toEqual(Array(3).fill(['https://twitter.com/glass_harbour', 'https://glassharbour.example/']));
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  }, 15_000);

  it('tries a 503 once more after a second; a second 503 is the pages being unavailable; an unknown MBID is null', async () => {
    await harness.send('POST', '/musicbrainz/__admin/faults', { next: 1 });
    expect(await links.urls(MBID)).toEqual(['https://twitter.com/glass_harbour', 'https://glassharbour.example/']);
    await harness.send('POST', '/musicbrainz/__admin/faults', { next: 2 });
    const failure = await links.urls(MBID).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe('claims.pages-unavailable');
    expect(await links.urls('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await links.urls('not-an-mbid')).toBeNull();
  }, 15_000);

  it('refuses at once a lookup that would wait more than 8 s for its turn, instead of queueing without end', async () => {
    const many = await Promise.allSettled(Array.from({ length: 11 }, () => links.urls(MBID)));
    const refused = many.filter((result) => result.status === 'rejected');
    // Eleven at 1.1 s apart would need 11 s: those past 8 s of waiting are refused, the rest answered.
    expect(many.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(5);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.every((result) => ((result as PromiseRejectedResult).reason as DomainError).code === 'claims.pages-unavailable')).toBe(true);
  }, 20_000);

  it('names MusicBrainz’s own page for a person to read, the lookup itself on another server', () => {
    expect(links.artistPageUrl(MBID)).toBe(`${harness.url}/musicbrainz/ws/2/artist/${MBID}?inc=url-rels&fmt=json`);
    const production = new MusicBrainzLinks({ SOCIAL_PROVIDERS_BASE_URL: undefined, MUSICBRAINZ_API_URL: undefined, PUBLIC_URL: 'https://pie.example' });
    expect(production.artistPageUrl(MBID)).toBe(`https://musicbrainz.org/artist/${MBID}`);
  });
});
