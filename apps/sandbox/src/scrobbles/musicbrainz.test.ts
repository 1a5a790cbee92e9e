import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamingHarness, type StreamingHarness } from '../streaming/testing/harness.js';

const AGENT = 'PieSandboxTest/1.0 ( https://pie.example/contact )';

/**
 * The shape MusicBrainz documents for `GET /ws/2/artist/<mbid>?inc=url-rels&fmt=json` (its JSON web
 * service: the artist's fields, and each url relationship with its type, type id, direction, dates,
 * attributes, credits and the url's id and resource). Values here are examples; the test compares
 * the keys and the types of the values the app reads.
 */
const DOCUMENTED_EXAMPLE = {
  id: '5b11f4ce-a62d-471e-81fc-a69a8278c7da',
  name: 'Nirvana',
  'sort-name': 'Nirvana',
  type: 'Group',
  'type-id': 'e431f5f6-b5d2-343d-8b36-72607fffb74b',
  disambiguation: '90s US grunge band',
  country: 'US',
  area: null,
  'begin-area': null,
  'end-area': null,
  'life-span': { begin: '1987', end: '1994-04-05', ended: true },
  gender: null,
  'gender-id': null,
  ipis: [],
  isnis: [],
  relations: [
    {
      type: 'social network',
      'type-id': '99429741-f3f6-484b-84f8-23af51991770',
      'target-type': 'url',
      direction: 'forward',
      begin: null,
      end: null,
      ended: false,
      attributes: [],
      'attribute-ids': {},
      'attribute-values': {},
      'source-credit': '',
      'target-credit': '',
      url: { id: '0b5c0a84-6ba3-44ad-9b49-1d7c8cc06bd4', resource: 'https://twitter.com/Nirvana' },
    },
  ],
};

describe('MusicBrainz stand-in', () => {
  let harness: StreamingHarness;
  let artistMbid: string;
  let artistName: string;
  const lookup = async (mbid: string, query = '?inc=url-rels&fmt=json', agent: string | null = AGENT) => {
    const res = await fetch(`${harness.url}/musicbrainz/ws/2/artist/${mbid}${query}`, { headers: agent === null ? { 'user-agent': '' } : { 'user-agent': agent } });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    harness = await startStreamingHarness();
    // An artist the scrobbling stand-ins name with an MBID: from a mapped ListenBrainz listen.
    const token = (await harness.send('POST', '/listenbrainz/__admin/users', { userName: 'mbfan', listener: 'listener2' })).body.token;
    const listens = await fetch(`${harness.url}/listenbrainz/1/user/mbfan/listens?count=50`, { headers: { authorization: `Token ${token}` } });
    const mapped = ((await listens.json()) as any).payload.listens.find((listen: any) => listen.track_metadata.mbid_mapping);
    artistMbid = mapped.track_metadata.mbid_mapping.artists[0].artist_mbid;
    artistName = mapped.track_metadata.mbid_mapping.artists[0].artist_credit_name;
    // Tests below ask more than once a second; the limit itself is tested on its own.
    await harness.send('POST', '/musicbrainz/__admin/rate-limit', { limit: 1000, windowSeconds: 1 });
  }, 60_000);
  afterAll(() => harness.close());

  it('answers a scrobbled artist’s lookup with url-rels in the documented shape, its links those of the artist’s pages', async () => {
    const { status, body } = await lookup(artistMbid);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(Object.keys(DOCUMENTED_EXAMPLE).sort());
    expect(body).toMatchObject({ id: artistMbid, name: artistName });
    expect(body.relations.length).toBeGreaterThan(0);
    for (const relation of body.relations) {
      expect(Object.keys(relation).sort()).toEqual(Object.keys(DOCUMENTED_EXAMPLE.relations[0]).sort());
      expect(Object.keys(relation.url).sort()).toEqual(['id', 'resource']);
      expect(relation['target-type']).toBe('url');
      expect(relation.ended).toBe(false);
      expect(() => new URL(relation.url.resource)).not.toThrow();
    }
    const byType = (type: string) => body.relations.filter((relation: any) => relation.type === type).map((relation: any) => relation.url.resource);
    expect(byType('social network')).toEqual([expect.stringMatching(/^https:\/\/twitter\.com\/pie_/), expect.stringMatching(/^https:\/\/www\.facebook\.com\/pie\./), expect.stringMatching(/^https:\/\/www\.instagram\.com\/pie_/)]);
    expect(byType('youtube')).toEqual([expect.stringMatching(/^https:\/\/www\.youtube\.com\/@pie_/)]);
    // The same handles as the artist's sandbox Spotify profile links to: one artist, one set of accounts.
    const spotifyId = /open\.spotify\.com\/artist\/(\w+)/.exec(byType('free streaming')[0])![1];
    const profile = await harness.send('POST', `/socials/__admin/artists/${spotifyId}`, {});
    expect(byType('social network')[0]).toBe(`https://twitter.com/${profile.body.links.twitter}`);
    // Without inc=url-rels: no relations key, as on MusicBrainz.
    expect((await lookup(artistMbid, '?fmt=json')).body.relations).toBeUndefined();
  });

  it('answers MusicBrainz’s errors: an invalid MBID, an unknown one, an unknown inc, no User-Agent', async () => {
    expect(await lookup('not-an-mbid')).toEqual({ status: 400, body: { error: 'Invalid mbid.', help: expect.any(String) } });
    expect(await lookup('00000000-0000-4000-8000-000000000000')).toEqual({ status: 404, body: { error: 'Not Found', help: expect.any(String) } });
    expect((await lookup(artistMbid, '?inc=url-rels+nonsense&fmt=json')).status).toBe(400);
    expect((await lookup(artistMbid, undefined, null)).status).toBe(403);
    expect((await lookup(artistMbid, undefined, 'node')).status).toBe(403);
  });

  it('serves an artist set through its controls (a test’s own MBID), and fails on demand', async () => {
    const mbid = '6a5a8cf5-7a0f-4bd4-9f5d-2b8f3f2c0e11';
    const set = await harness.send('POST', `/musicbrainz/__admin/artists/${mbid}`, { name: 'Attic Tapes Band', urls: ['https://x.com/attic_tapes', 'https://www.youtube.com/@attictapes'] });
    expect(set.status).toBe(200);
    const { body } = await lookup(mbid);
    expect(body.relations.map((relation: any) => [relation.type, relation.url.resource])).toEqual([
      ['social network', 'https://x.com/attic_tapes'],
      ['youtube', 'https://www.youtube.com/@attictapes'],
    ]);
    await harness.send('POST', '/musicbrainz/__admin/faults', { next: 1 });
    expect((await lookup(mbid)).status).toBe(503);
    expect((await lookup(mbid)).status).toBe(200);
  });

  it('allows one request a second per client and answers 503 beyond it, as MusicBrainz does', async () => {
    await harness.send('POST', '/musicbrainz/__admin/rate-limit', { limit: 1, windowSeconds: 1 });
    try {
      const agent = 'PieRateTest/1.0 ( rate@pie.example )';
      expect((await lookup(artistMbid, undefined, agent)).status).toBe(200);
      const over = await lookup(artistMbid, undefined, agent);
      expect(over.status).toBe(503);
      expect(over.body.error).toMatch(/exceeding the allowable rate limit/);
      await new Promise((resolve) => setTimeout(resolve, 1_050));
      expect((await lookup(artistMbid, undefined, agent)).status).toBe(200);
    } finally {
      await harness.send('POST', '/musicbrainz/__admin/rate-limit', { limit: 1000, windowSeconds: 1 });
    }
  });
});
