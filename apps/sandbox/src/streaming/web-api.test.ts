import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LISTENING_SCOPES, startStreamingHarness, type StreamingHarness } from './testing/harness.js';

let h: StreamingHarness;
beforeAll(async () => {
  h = await startStreamingHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.send('POST', '/spotify/__admin/clock', { offsetMs: 0 });
});

const RECENT = '/spotify/api/v1/me/player/recently-played';
const TRACK_KEYS = [
  'album', 'artists', 'available_markets', 'disc_number', 'duration_ms', 'explicit', 'external_ids', 'external_urls', 'href', 'id',
  'is_local', 'name', 'popularity', 'preview_url', 'track_number', 'type', 'uri',
].sort();
const SIMPLE_ARTIST_KEYS = ['external_urls', 'href', 'id', 'name', 'type', 'uri'];
const ARTIST_KEYS = [...SIMPLE_ARTIST_KEYS, 'followers', 'genres', 'images', 'popularity'].sort();
const SIMPLE_ALBUM_KEYS = [
  'album_type', 'artists', 'available_markets', 'external_urls', 'href', 'id', 'images', 'name', 'release_date', 'release_date_precision',
  'total_tracks', 'type', 'uri',
].sort();

const playedAt = (item: { played_at: string }) => Date.parse(item.played_at);

describe('GET /v1/me/player/recently-played', () => {
  it("answers Spotify's cursor paging object: newest first, full track objects, no context", async () => {
    const token = await h.token('listener1');
    const res = await h.get(RECENT, token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['cursors', 'href', 'items', 'limit', 'next']);
    expect(res.body.limit).toBe(20);
    expect(res.body.href).toBe(`${h.url}/spotify/api/v1/me/player/recently-played?limit=20`);
    expect(res.body.items).toHaveLength(20);
    const [first] = res.body.items;
    expect(Object.keys(first).sort()).toEqual(['context', 'played_at', 'track']);
    expect(first.context).toBeNull();
    expect(first.played_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Object.keys(first.track).sort()).toEqual(TRACK_KEYS);
    expect(first.track).toMatchObject({ type: 'track', uri: `spotify:track:${first.track.id}`, is_local: false, preview_url: null, disc_number: 1 });
    expect(first.track.href).toBe(`${h.url}/spotify/api/v1/tracks/${first.track.id}`);
    expect(first.track.external_urls).toEqual({ spotify: `https://open.spotify.com/track/${first.track.id}` });
    expect(Object.keys(first.track.album).sort()).toEqual(SIMPLE_ALBUM_KEYS);
    expect(Object.keys(first.track.artists[0]).sort()).toEqual(SIMPLE_ARTIST_KEYS);
    const times = res.body.items.map(playedAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times[0]).toBeLessThanOrEqual(h.now());
    expect(res.body.cursors).toEqual({ after: String(times[0]), before: String(times[19]) });
    expect(res.body.next).toBe(`${h.url}/spotify/api/v1/me/player/recently-played?before=${times[19]}&limit=20`);
  });

  it('pages back with before through exactly the last 50 plays, and no further', async () => {
    const token = await h.token('listener2');
    const seen: number[] = [];
    let url: string | null = `${RECENT}?limit=15`;
    let pages = 0;
    while (url) {
      const res = await h.get(url.replace(h.url, ''), token);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map(playedAt));
      url = res.body.next;
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(seen).toHaveLength(50);
    expect(new Set(seen).size).toBe(50);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    const all = await h.get(`${RECENT}?limit=50`, token);
    expect(all.body.items.map(playedAt)).toEqual(seen);
    expect(all.body.next).toBeNull();

    // Older than the 50th play: nothing, as the real endpoint (cursors and next are null).
    const older = await h.get(`${RECENT}?before=${seen[49]}&limit=50`, token);
    expect(older.body).toEqual({ items: [], next: null, cursors: null, limit: 50, href: `${h.url}${RECENT}?before=${seen[49]}&limit=50` });
    const ancient = await h.get(`${RECENT}?after=0&limit=50`, token);
    expect(ancient.body.items.map(playedAt)).toEqual(seen);
  });

  it('returns only plays strictly after `after`, nearest the cursor first, and continues with next', async () => {
    const token = await h.token('listener1');
    const window = (await h.get(`${RECENT}?limit=50`, token)).body.items.map(playedAt) as number[];
    const cursor = window[10];
    const after = await h.get(`${RECENT}?after=${cursor}&limit=50`, token);
    expect(after.body.items.map(playedAt)).toEqual(window.slice(0, 10));
    expect(after.body.next).toBeNull();

    const first = await h.get(`${RECENT}?after=${cursor}&limit=4`, token);
    expect(first.body.items.map(playedAt)).toEqual(window.slice(6, 10));
    expect(first.body.cursors).toEqual({ after: String(window[6]), before: String(window[9]) });
    expect(first.body.next).toBe(`${h.url}${RECENT}?after=${window[6]}&limit=4`);
    const second = await h.get(first.body.next.replace(h.url, ''), token);
    expect(second.body.items.map(playedAt)).toEqual(window.slice(2, 6));

    const none = await h.get(`${RECENT}?after=${window[0]}`, token);
    expect(none.body).toMatchObject({ items: [], cursors: null, next: null });
  });

  it('goes on live: after moving the clock a later poll with after finds new plays', async () => {
    const token = await h.token('listener1');
    const newest = playedAt((await h.get(`${RECENT}?limit=1`, token)).body.items[0]);
    const clock = await h.send('POST', '/spotify/__admin/clock', { advanceMs: 36 * 3_600_000 });
    expect(clock.body.offsetMs).toBe(36 * 3_600_000);
    // The access token aged 36 hours too.
    expect((await h.get(RECENT, token)).body).toEqual({ error: { status: 401, message: 'The access token expired' } });
    const fresh = await h.get(`${RECENT}?after=${newest}&limit=50`, await h.token('listener1'));
    expect(fresh.status).toBe(200);
    expect(fresh.body.items.length).toBeGreaterThan(10);
    expect(fresh.body.items.every((item: { played_at: string }) => playedAt(item) > newest && playedAt(item) <= h.now())).toBe(true);
  });

  it('is the same listening for the same user on any server (determinism over HTTP)', async () => {
    const other = await startStreamingHarness({ start: h.now() });
    try {
      const mine = await h.get(`${RECENT}?limit=50`, await h.token('listener3'));
      const theirs = await other.get(`${RECENT}?limit=50`, await other.token('listener3'));
      expect(theirs.body.items.map((i: any) => [i.played_at, i.track.id])).toEqual(mine.body.items.map((i: any) => [i.played_at, i.track.id]));
    } finally {
      await other.close();
    }
  });

  it('refuses bad parameters with 400 in the Web API error shape', async () => {
    const token = await h.token('listener1');
    for (const query of ['limit=0', 'limit=51', 'limit=abc', 'after=1&before=2', 'after=yesterday', 'before=-5']) {
      const res = await h.get(`${RECENT}?${query}`, token);
      expect(res.status, query).toBe(400);
      expect(res.body.error.status).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
  });

  it('needs the user-read-recently-played scope', async () => {
    const res = await h.get(RECENT, await h.token('listener1', 'user-read-email'));
    expect(res).toMatchObject({ status: 403, body: { error: { status: 403, message: 'Insufficient client scope' } } });
  });
});

describe('access tokens', () => {
  it('answers 401 for a missing, unknown, expired or revoked token', async () => {
    expect((await h.get(RECENT)).body).toEqual({ error: { status: 401, message: 'No token provided' } });
    const unknown = await h.get(RECENT, 'BQnot-a-real-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: { status: 401, message: 'Invalid access token' } });
    expect(unknown.headers.get('www-authenticate')).toMatch(/invalid_token/);

    const expiring = await h.token('listener2');
    h.advance(3601_000);
    expect((await h.get('/spotify/api/v1/me/top/artists', expiring)).body).toEqual({ error: { status: 401, message: 'The access token expired' } });

    const revoked = await h.token('listener2');
    expect((await h.get(RECENT, revoked)).status).toBe(200);
    expect((await h.send('POST', '/spotify/__admin/accounts/listener2/revoke')).status).toBe(200);
    expect((await h.get(RECENT, revoked)).body).toEqual({ error: { status: 401, message: 'Invalid access token' } });
  });

  it('revoked access tokens alone: 401 until the app refreshes, and the refreshed token works', async () => {
    await h.send('POST', '/spotify/__admin/accounts', { id: 'token-revoked', displayName: 'Token Revoked', email: 'token-revoked@spotify.sandbox' });
    const { tokens } = await h.client.signIn('token-revoked', { scope: LISTENING_SCOPES });
    expect((await h.get(RECENT, tokens.access_token)).status).toBe(200);
    const revoked = await h.send('POST', '/spotify/__admin/accounts/token-revoked/revoke', { tokens: 'access' });
    expect(revoked.body.revoked).toMatchObject({ accessTokens: 1, refreshTokens: 0 });
    const refused = await h.get(RECENT, tokens.access_token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: { status: 401, message: 'Invalid access token' } });
    expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    const refreshed = await h.client.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect((await h.get(RECENT, refreshed.body.access_token)).status).toBe(200);
  });

  it('a revoked grant: every call 401, and its refresh token refused with invalid_grant "Refresh token revoked", as Spotify answers', async () => {
    await h.send('POST', '/spotify/__admin/accounts', { id: 'app-removed', displayName: 'App Removed', email: 'app-removed@spotify.sandbox' });
    const { tokens } = await h.client.signIn('app-removed', { scope: LISTENING_SCOPES });
    expect((await h.send('POST', '/spotify/__admin/accounts/app-removed/revoke')).body.revoked).toMatchObject({ grants: 1, accessTokens: 1, refreshTokens: 1 });
    expect((await h.get(RECENT, tokens.access_token)).status).toBe(401);
    const refresh = await h.client.refresh(tokens.refresh_token);
    expect(refresh.status).toBe(400);
    expect(refresh.body).toEqual({ error: 'invalid_grant', error_description: 'Refresh token revoked' });
    // A token it never issued is still just invalid.
    expect((await h.client.refresh('AQnot-a-real-token')).body).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    expect((await h.send('POST', '/spotify/__admin/accounts/app-removed/revoke', { tokens: 'some' })).status).toBe(400);
  });

  it('serves runtime-added accounts like seeded ones', async () => {
    const added = await h.send('POST', '/spotify/__admin/accounts', { id: 'late-fan', displayName: 'Late Fan', email: 'late@spotify.sandbox' });
    expect(added.status).toBe(201);
    const res = await h.get(`${RECENT}?limit=50`, await h.token('late-fan'));
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(50);
  });
});

describe('GET /v1/me/top/{artists,tracks}', () => {
  it('pages the listening ranking with Spotify paging objects', async () => {
    const token = await h.token('listener1');
    const first = await h.get('/spotify/api/v1/me/top/artists?time_range=long_term&limit=10', token);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['href', 'items', 'limit', 'next', 'offset', 'previous', 'total']);
    expect(first.body).toMatchObject({ limit: 10, offset: 0, previous: null });
    expect(first.body.total).toBeGreaterThan(100);
    expect(first.body.next).toBe(`${h.url}/spotify/api/v1/me/top/artists?time_range=long_term&limit=10&offset=10`);
    expect(Object.keys(first.body.items[0]).sort()).toEqual(ARTIST_KEYS);
    const summary = await h.get('/spotify/__sandbox/listeners/listener1');
    expect(first.body.items.map((a: any) => a.id)).toEqual(summary.body.topArtists.map((a: any) => a.id));

    const second = await h.get(first.body.next.replace(h.url, ''), token);
    expect(second.body.offset).toBe(10);
    expect(second.body.previous).toBe(`${h.url}/spotify/api/v1/me/top/artists?time_range=long_term&limit=10&offset=0`);
    expect(second.body.items.map((a: any) => a.id)).not.toContain(first.body.items[0].id);

    const tracks = await h.get('/spotify/api/v1/me/top/tracks?time_range=short_term&limit=50&offset=5', token);
    expect(tracks.body.items).toHaveLength(50);
    expect(Object.keys(tracks.body.items[0]).sort()).toEqual(TRACK_KEYS);
    const medium = await h.get('/spotify/api/v1/me/top/tracks?limit=5', token);
    expect(medium.body.href).toContain('time_range=medium_term');
  });

  it('refuses a bad time_range, limit or offset and needs user-top-read', async () => {
    const token = await h.token('listener1');
    for (const query of ['time_range=forever', 'limit=0', 'limit=51', 'offset=-1']) {
      expect((await h.get(`/spotify/api/v1/me/top/artists?${query}`, token)).status, query).toBe(400);
    }
    expect((await h.get('/spotify/api/v1/me/top/tracks', await h.token('listener1', 'user-read-recently-played'))).status).toBe(403);
  });

  it('answers an empty ranking for a listener who never plays', async () => {
    await h.send('POST', '/spotify/__admin/accounts', { id: 'silent-fan', displayName: 'Silent Fan', email: 'silent@spotify.sandbox' });
    expect((await h.send('POST', '/spotify/__admin/listeners/silent-fan', { hoursPerDay: 0 })).status).toBe(200);
    const token = await h.token('silent-fan');
    expect((await h.get('/spotify/api/v1/me/top/artists', token)).body).toMatchObject({ items: [], total: 0, next: null });
    expect((await h.get(RECENT, token)).body).toMatchObject({ items: [], cursors: null, next: null });
  });
});

describe('catalogue lookups', () => {
  it('GET /v1/artists/{id} and /v1/artists?ids= answer artist objects, null for unknown ids', async () => {
    const token = await h.token('listener1');
    const [a, b] = h.api.catalogue.artists;
    const one = await h.get(`/spotify/api/v1/artists/${a.id}`, token);
    expect(one.status).toBe(200);
    expect(Object.keys(one.body).sort()).toEqual(ARTIST_KEYS);
    expect(one.body).toMatchObject({ id: a.id, name: a.name, type: 'artist', uri: `spotify:artist:${a.id}`, popularity: a.popularity });
    expect(one.body.followers).toEqual({ href: null, total: a.followers });
    expect(one.body).not.toHaveProperty('country');
    const unknown = 'A'.repeat(22);
    const many = await h.get(`/spotify/api/v1/artists?ids=${a.id},${unknown},${b.id}`, token);
    expect(many.body.artists.map((x: any) => x?.id ?? null)).toEqual([a.id, null, b.id]);
    const image = await fetch(one.body.images[0].url);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('GET /v1/tracks?ids= answers up to 50 tracks, with every credited artist', async () => {
    const token = await h.token('listener1');
    const tracks = h.api.catalogue.tracks.filter((t) => t.artists.length === 3).slice(0, 50);
    const res = await h.get(`/spotify/api/v1/tracks?ids=${tracks.map((t) => t.id).join(',')}`, token);
    expect(res.status).toBe(200);
    expect(res.body.tracks).toHaveLength(50);
    expect(res.body.tracks.every((t: any) => t.artists.length === 3)).toBe(true);
    const single = await h.get(`/spotify/api/v1/tracks/${tracks[0].id}`, token);
    expect(single.body.artists.map((a: any) => a.id)).toEqual(tracks[0].artists.map((i) => h.api.catalogue.artists[i].id));
    expect(single.body.album.artists[0].id).toBe(single.body.artists[0].id);
    const tooMany = await h.get(`/spotify/api/v1/tracks?ids=${[...tracks, tracks[0]].map((t) => t.id).join(',')}`, token);
    expect(tooMany.status).toBe(400);
  });

  it('GET /v1/albums/{id} and /v1/albums?ids= (at most 20) answer full albums with their tracks', async () => {
    const token = await h.token('listener1');
    const album = h.api.catalogue.albums.find((a) => a.type === 'album')!;
    const res = await h.get(`/spotify/api/v1/albums/${album.id}`, token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...SIMPLE_ALBUM_KEYS, 'copyrights', 'external_ids', 'genres', 'label', 'popularity', 'tracks'].sort());
    expect(res.body.total_tracks).toBe(album.tracks.length);
    expect(res.body.tracks).toMatchObject({ total: album.tracks.length, offset: 0, next: null, previous: null });
    expect(res.body.tracks.items.map((t: any) => t.track_number)).toEqual(album.tracks.map((_, i) => i + 1));
    const paged = await h.get(`/spotify/api/v1/albums/${album.id}/tracks?limit=2&offset=2`, token);
    expect(paged.body.items.map((t: any) => t.id)).toEqual(res.body.tracks.items.slice(2, 4).map((t: any) => t.id));
    const ids = h.api.catalogue.albums.slice(0, 21).map((a) => a.id);
    expect((await h.get(`/spotify/api/v1/albums?ids=${ids.slice(0, 20).join(',')}`, token)).body.albums).toHaveLength(20);
    expect((await h.get(`/spotify/api/v1/albums?ids=${ids.join(',')}`, token)).status).toBe(400);
  });

  it('answers 400 for malformed ids and 404 for unknown ones', async () => {
    const token = await h.token('listener1');
    expect((await h.get('/spotify/api/v1/artists/not-an-id', token)).body).toEqual({ error: { status: 400, message: 'Invalid base62 id' } });
    expect((await h.get(`/spotify/api/v1/tracks/${'z'.repeat(22)}`, token)).status).toBe(404);
    expect((await h.get('/spotify/api/v1/artists?ids=', token)).status).toBe(400);
    expect((await h.get('/spotify/api/v1/artists?ids=abc', token)).status).toBe(400);
    expect((await h.get('/spotify/api/v1/nothing-here', token)).body).toEqual({ error: { status: 404, message: 'Service not found' } });
  });

  it('keeps country and the active flag in the sandbox extension, not in the Web API objects', async () => {
    const catalogue = h.api.catalogue;
    const inactive = catalogue.artists.find((a) => !a.active && a.country)!;
    const res = await h.get(`/spotify/__sandbox/artists/${inactive.id}`);
    expect(res.body).toEqual({ id: inactive.id, name: inactive.name, country: inactive.country, active: false, genres: [...inactive.genres] });
    expect((await h.get(`/spotify/__sandbox/artists/${inactive.id}/country`)).body).toEqual({ id: inactive.id, country: inactive.country });
    const noCountry = catalogue.artists.find((a) => a.country === null)!;
    const batch = await h.get(`/spotify/__sandbox/artists?ids=${inactive.id},${noCountry.id}`);
    expect(batch.body.artists.map((a: any) => [a.country, a.active])).toEqual([[inactive.country, false], [null, noCountry.active]]);
    const summary = await h.get('/spotify/__sandbox/catalogue');
    expect(summary.body).toMatchObject({ artists: 5000, tracks: 20000 });
    expect(Object.keys(summary.body.countries).length).toBeGreaterThanOrEqual(40);
  });
});
