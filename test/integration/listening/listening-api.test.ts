import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComputePopularity } from '#pie/listening/testing';
import { QueueRegistry } from '#pie/platform';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { daysAgo, makeArtist, makeTrack, minutesAgo, seedPlays, type CatalogueTrack } from './listening-fixtures.js';

/**
 * The fan-data routes of listening (artists, tracks, user): happy path, paging and sorting, the
 * visibility rule between fans, and bad input (400, never 500).
 */
describe('listening API: artists, tracks, user', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let alice: TestAccount;
  let bob: TestAccount;
  let aliceCookies: Record<string, string>;
  let bobCookies: Record<string, string>;
  /** Alice's seven artists, the first most listened; `trio` is credited on one track with 0 and 1. */
  let artists: string[];
  let tracks: CatalogueTrack[];
  let trio: CatalogueTrack;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'listen-api' });
    sql = openSql(platform.database.url);
    alice = await makeAccount(sql, 'fan');
    bob = await makeAccount(sql, 'fan');
    aliceCookies = (await logIn(platform, alice)).cookies;
    bobCookies = (await logIn(platform, bob)).cookies;
    artists = [];
    for (const [index, name] of ['Aurora Lane', 'Brass Harbor', 'Cinder Fields', 'Dune Choir', 'Echo Parade', 'Fable Kids', 'Glass Tigers'].entries()) {
      artists.push(await makeArtist(sql, { name, country: index % 2 ? 'SE' : 'BR', genres: ['indie'] }));
    }
    tracks = [];
    for (const [index, artistId] of artists.entries()) tracks.push(await makeTrack(sql, [artistId], { name: `Song ${index + 1}`, durationMs: 200_000 }));
    const third = await makeArtist(sql, { name: 'Zeta Trio' });
    trio = await makeTrack(sql, [artists[0], artists[1], third], { name: 'Together', durationMs: 300_000 });
    // Alice: artist i gets (7 - i) plays of 100 s over the last days; one 300 s play of the trio track.
    const plays: { track: CatalogueTrack; at: Date; ms: number }[] = [];
    let minute = 10;
    for (const [index, track] of tracks.entries()) {
      for (let n = 0; n < 7 - index; n++) plays.push({ track, at: minutesAgo((minute += 37)), ms: 100_000 });
    }
    plays.push({ track: trio, at: minutesAgo(5), ms: 300_000 });
    await seedPlays(platform, alice.id, plays);
    // Bob listened to the first artist long ago only.
    await seedPlays(platform, bob.id, [{ track: tracks[0], at: daysAgo(60), ms: 100_000 }]);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const get = (url: string, cookies: Record<string, string> | undefined = aliceCookies) => platform.request('GET', url, { cookies });

  describe('GET /api/artists/user', () => {
    it('lists the fan’s artists by listened time, a shared track’s time divided among its artists, 50 per page by default', async () => {
      const response = await get('/api/artists/user');
      expect(response.status).toBe(200);
      expect(response.body.pagination).toEqual({ page: 1, limit: 50, total: 8, pages: 1 });
      const names = response.body.data.map((artist: { name: string }) => artist.name);
      expect(names.slice(0, 2)).toEqual(['Aurora Lane', 'Brass Harbor']);
      const byName = Object.fromEntries(response.body.data.map((artist: { name: string }) => [artist.name, artist]));
      expect(byName['Aurora Lane']).toMatchObject({ listened_ms: 700_000 + 100_000, plays: 8, country: 'BR', genres: ['indie'], active: true });
      expect(byName['Zeta Trio']).toMatchObject({ listened_ms: 100_000, plays: 1 });
      expect(byName['Glass Tigers']).toMatchObject({ listened_ms: 100_000, plays: 1 });
    });

    it('pages with itemsPerPage, sorts by name, plays or last play either way, searches by name, and takes a period', async () => {
      const first = await get('/api/artists/user?itemsPerPage=3&sortBy=name');
      expect(first.body.pagination).toEqual({ page: 1, limit: 3, total: 8, pages: 3 });
      expect(first.body.data.map((a: { name: string }) => a.name)).toEqual(['Aurora Lane', 'Brass Harbor', 'Cinder Fields']);
      const last = await get('/api/artists/user?itemsPerPage=3&sortBy=name&page=3');
      expect(last.body.data.map((a: { name: string }) => a.name)).toEqual(['Glass Tigers', 'Zeta Trio']);
      const beyond = await get('/api/artists/user?itemsPerPage=3&page=9');
      expect(beyond.body).toMatchObject({ data: [], pagination: { page: 9, limit: 3, total: 8, pages: 3 } });
      const reversed = await get('/api/artists/user?sortBy=name&direction=desc&itemsPerPage=1');
      expect(reversed.body.data[0].name).toBe('Zeta Trio');
      const fewest = await get('/api/artists/user?sortBy=plays&direction=asc&itemsPerPage=2');
      expect(fewest.body.data.map((a: { plays: number }) => a.plays)).toEqual([1, 1]);
      const recent = await get('/api/artists/user?sortBy=lastPlayed&itemsPerPage=3');
      expect(recent.body.data.map((a: { name: string }) => a.name).sort()).toEqual(['Aurora Lane', 'Brass Harbor', 'Zeta Trio']);
      const search = await get('/api/artists/user?search=HARB');
      expect(search.body.data.map((a: { name: string }) => a.name)).toEqual(['Brass Harbor']);
      const nothing = await get('/api/artists/user?search=%25');
      expect(nothing.body).toMatchObject({ data: [], pagination: { total: 0, pages: 0 } });
      const period = await get(`/api/artists/user?from=${minutesAgo(6).toISOString()}`);
      expect(period.body.data).toHaveLength(3);
    });

    it('the dashboard’s window (days=28) is a kept read model: the same answers as summing the days, ties by name across pages, new plays at once', async () => {
      const namesOf = (response: { body: { data: { name: string; listened_ms: number }[] } }) => response.body.data.map((a) => `${a.name} ${a.listened_ms}`);
      // 28 is kept, 27 is summed on request: Alice's plays are all in both windows.
      const kept = await get('/api/artists/user?days=28');
      const summed = await get('/api/artists/user?days=27');
      expect(kept.body.pagination).toEqual({ page: 1, limit: 50, total: 8, pages: 1 });
      expect(namesOf(kept)).toEqual(namesOf(summed));
      expect(namesOf(kept).slice(-2)).toEqual(['Glass Tigers 100000', 'Zeta Trio 100000']);
      expect(await sql.value(`select artists from listening.fan_windows where fan_id = $1 and days = 28`, [alice.id])).toBe(8);
      // One artist a page, most listened first: the pages put together are the whole list, the tie by name.
      for (const url of ['/api/artists/user?days=28', '/api/artists/user']) {
        const whole = namesOf(await get(url));
        const paged: string[] = [];
        for (let page = 1; page <= 9; page++) paged.push(...namesOf(await get(`${url}${url.includes('?') ? '&' : '?'}itemsPerPage=1&page=${page}`)));
        expect(paged).toEqual(whole);
      }
      // A fan with nothing in the window, then a play: the next read shows it.
      const carol = await makeAccount(sql, 'fan');
      const carolCookies = (await logIn(platform, carol)).cookies;
      await seedPlays(platform, carol.id, [{ track: tracks[6], at: daysAgo(40), ms: 90_000 }]);
      expect((await get('/api/artists/user?days=28', carolCookies)).body).toMatchObject({ data: [], pagination: { total: 0 } });
      await seedPlays(platform, carol.id, [{ track: tracks[6], at: minutesAgo(3), ms: 60_000 }]);
      const after = await get('/api/artists/user?days=28&itemsPerPage=5', carolCookies);
      expect(after.body.pagination.total).toBe(1);
      expect(namesOf(after)).toEqual(['Glass Tigers 60000']);
      expect(namesOf(await get('/api/artists/user', carolCookies))).toEqual(['Glass Tigers 150000']);
      // The track and artist counts the writer keeps agree with the rows, for every fan so far.
      expect(
        await sql.value(
          `select count(*)::int from listening.fan_listening_state s
            where tracks_count <> (select count(*) from listening.fan_tracks t where t.fan_id = s.fan_id)
               or artists_count <> (select count(*) from listening.fan_artists a where a.fan_id = s.fan_id)`,
        ),
      ).toBe(0);
      expect((await get('/api/user/activity', carolCookies)).body.data.totals).toMatchObject({ plays: 2, tracks: 1, artists: 1 });
    });
  });

  describe('GET /api/artists', () => {
    it('lists the catalogue, searchable and sortable by name, popularity or listeners', async () => {
      const byName = await get('/api/artists?sort=name&limit=2');
      expect(byName.status).toBe(200);
      expect(byName.body.pagination).toMatchObject({ page: 1, limit: 2 });
      expect(byName.body.pagination.total).toBeGreaterThanOrEqual(8);
      expect(byName.body.data.map((a: { name: string }) => a.name)).toEqual(['Aurora Lane', 'Brass Harbor']);
      const desc = await get('/api/artists?sort=name&direction=desc&search=a&limit=1');
      expect(desc.body.data[0].name).toBe('Zeta Trio');
      const found = await get('/api/artists?search=dune');
      expect(found.body.data).toEqual([expect.objectContaining({ name: 'Dune Choir', spotify_id: expect.any(String), popularity: expect.any(Number), listeners_28d: expect.any(Number) })]);
      expect((await get('/api/artists?sort=popularity&direction=asc')).status).toBe(200);
      expect((await get('/api/artists', {})).status).toBe(401);
    });
  });

  describe('artist pages (public)', () => {
    it('details, top tracks and fans answer without a session', async () => {
      const details = await get(`/api/artists/details/${artists[0]}`, {});
      expect(details.status).toBe(200);
      expect(details.body.data).toMatchObject({ id: artists[0], name: 'Aurora Lane', total_listeners: 2, tracks_count: 2, metadata_pending: false });

      const top = await get(`/api/artists/${artists[0]}/top-tracks`, {});
      expect(top.status).toBe(200);
      expect(top.body.data.map((t: { track: { name: string } }) => t.track.name)).toEqual(['Song 1', 'Together']);
      expect(top.body.data[0]).toMatchObject({ plays: 8, listeners: 2 });
      expect(top.body.data[1].track.artists.map((a: { name: string }) => a.name)).toEqual(['Aurora Lane', 'Brass Harbor', 'Zeta Trio']);
      const recentOnly = await get(`/api/artists/${artists[0]}/top-tracks?days=30&limit=1`, {});
      expect(recentOnly.body.data).toEqual([expect.objectContaining({ plays: 7, listeners: 1 })]);

      // Fans are counted; only those whose top artists are public are named.
      const fans = await get(`/api/artists/${artists[0]}/fans?days=90`, {});
      expect(fans.status).toBe(200);
      expect(fans.body.data).toEqual({ total_fans: 2, fans: [] });
      expect(fans.body.pagination).toMatchObject({ total: 0 });
      await platform.request('PUT', '/api/user/visibility', { cookies: bobCookies, body: { top_artists: true } });
      try {
        const named = await get(`/api/artists/${artists[0]}/fans?days=90`, {});
        expect(named.body.data).toEqual({ total_fans: 2, fans: [{ _id: bob.id, username: null, listened_ms: 100_000, plays: 1 }] });
        const recent = await get(`/api/artists/${artists[0]}/fans`, {});
        expect(recent.body.data).toEqual({ total_fans: 1, fans: [] });
      } finally {
        await platform.request('PUT', '/api/user/visibility', { cookies: bobCookies, body: { top_artists: false } });
      }
    });

    it('an unknown artist is a 404; a malformed id a 400', async () => {
      for (const path of ['details/', 'details/user/']) {
        expect((await get(`/api/artists/${path}00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      }
      expect((await get('/api/artists/00000000-0000-4000-8000-000000000000/top-tracks')).status).toBe(404);
      expect((await get('/api/artists/00000000-0000-4000-8000-000000000000/fans')).body).toMatchObject({ statusCode: 404, message: 'No artist with this id' });
      for (const url of ['/api/artists/details/abc', '/api/artists/details/user/1', '/api/artists/x/fans', "/api/artists/'%20or%201=1/top-tracks"]) {
        const response = await get(url);
        expect(response.status, url).toBe(400);
        expect(response.body.message).toMatch(/valid id/);
      }
    });
  });

  describe('GET /api/artists/details/user/:artistId', () => {
    it('shows the fan’s own listening of one artist with their top tracks', async () => {
      const response = await get(`/api/artists/details/user/${artists[1]}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ artist: { name: 'Brass Harbor' }, listened_ms: 600_000 + 100_000, plays: 7 });
      expect(response.body.data.top_tracks.map((t: { track: { name: string }; plays: number }) => [t.track.name, t.plays])).toEqual([
        ['Song 2', 6],
        ['Together', 1],
      ]);
      const none = await get(`/api/artists/details/user/${artists[1]}`, bobCookies);
      expect(none.body.data).toMatchObject({ listened_ms: 0, plays: 0, counted_plays: 0, first_played_at: null, top_tracks: [] });
    });

    it('says how many of the fan’s plays the page’s public "Top tracks on Pie" counts: an uploaded play counts for the fan only', async () => {
      // One of Alice's plays of the artist came from an upload no poll confirmed (untrusted).
      const [play] = await sql.query<{ played_at: Date }>(`select played_at from listening.plays where fan_id = $1 and track_id = $2 order by played_at limit 1`, [alice.id, tracks[1].id]);
      const trust = (trusted: boolean) => sql.query(`update listening.plays set trusted = $4 where fan_id = $1 and track_id = $2 and played_at = $3`, [alice.id, tracks[1].id, play.played_at, trusted]);
      await trust(false);
      try {
        const mine = (await get(`/api/artists/details/user/${artists[1]}`)).body.data;
        expect(mine).toMatchObject({ plays: 7, counted_plays: 6 });
        // Alice is the artist's only listener: the public top tracks add up to her counted plays, not to all of them.
        const top = (await get(`/api/artists/${artists[1]}/top-tracks`, {})).body.data as { plays: number }[];
        expect(top.reduce((sum, track) => sum + track.plays, 0)).toBe(mine.counted_plays);
      } finally {
        await trust(true);
      }
    });
  });

  describe('tracks of the signed-in fan', () => {
    it('latest plays: newest first, paged, searchable by track, artist or album', async () => {
      const page = await get('/api/tracks/user/latest?limit=5');
      expect(page.status).toBe(200);
      expect(page.body.pagination).toEqual({ page: 1, limit: 5, total: 29, pages: 6 });
      expect(page.body.data[0]).toMatchObject({ track: { name: 'Together', orphaned: false }, ms_played: 300_000, source: 'recently-played' });
      const times = page.body.data.map((p: { played_at: string }) => Date.parse(p.played_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect((await get('/api/tracks/user/latest?search=glass')).body.data.map((p: { track: { name: string } }) => p.track.name)).toEqual(['Song 7']);
      expect((await get('/api/tracks/user/latest?search=zeta')).body.pagination.total).toBe(1);
      expect((await get('/api/tracks/user/latest?page=7&limit=5')).body).toMatchObject({ data: [], pagination: { total: 29 } });
      expect((await get('/api/tracks/user/latest', bobCookies)).body.pagination.total).toBe(1);
    });

    it('a track’s credits as lists show them follow the catalogue: an artist renamed, credits replaced or removed', async () => {
      const creditsOf = async () =>
        (await get('/api/tracks/user/latest?limit=1')).body.data[0].track.artists.map((artist: { name: string }) => artist.name);
      expect(await creditsOf()).toEqual(['Aurora Lane', 'Brass Harbor', 'Zeta Trio']);
      const zeta = await sql.value<string>(`select id from listening.artists where name = 'Zeta Trio'`);
      await sql.query(`update listening.artists set name = 'Zeta Quartet' where id = $1`, [zeta]);
      expect(await creditsOf()).toEqual(['Aurora Lane', 'Brass Harbor', 'Zeta Quartet']);
      await sql.query(`update listening.track_artists set position = 5 where track_id = $1 and artist_id = $2`, [trio.id, artists[0]]);
      expect(await creditsOf()).toEqual(['Brass Harbor', 'Zeta Quartet', 'Aurora Lane']);
      await sql.query(`delete from listening.track_artists where track_id = $1 and artist_id = $2`, [trio.id, zeta]);
      expect(await creditsOf()).toEqual(['Brass Harbor', 'Aurora Lane']);
      // Put back as it was, for the tests after this one.
      await sql.query(`update listening.artists set name = 'Zeta Trio' where id = $1`, [zeta]);
      await sql.query(`insert into listening.track_artists (track_id, artist_id, position) values ($1, $2, 2)`, [trio.id, zeta]);
      await sql.query(`update listening.track_artists set position = 0 where track_id = $1 and artist_id = $2`, [trio.id, artists[0]]);
      expect(await creditsOf()).toEqual(['Aurora Lane', 'Brass Harbor', 'Zeta Trio']);
    });

    it('popular tracks: most played first, paged by page', async () => {
      const first = await get('/api/tracks/user/popular?limit=2');
      expect(first.body.data.map((t: { track: { name: string }; plays: number }) => [t.track.name, t.plays])).toEqual([
        ['Song 1', 7],
        ['Song 2', 6],
      ]);
      expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 8, pages: 4 });
      const second = await get('/api/tracks/user/popular?limit=2&page=2');
      expect(second.body.data.map((t: { track: { name: string } }) => t.track.name)).toEqual(['Song 3', 'Song 4']);
      // A page past the end has no row to carry the total: the fan's track count is read alone.
      expect((await get('/api/tracks/user/popular?limit=2&page=9')).body).toMatchObject({ data: [], pagination: { page: 9, total: 8, pages: 4 } });
      expect((await get('/api/tracks/user/popular')).body.pagination.limit).toBe(50);
    });

    it('daily listening: one entry per UTC day, today last, zeros included', async () => {
      const daily = await get('/api/tracks/user/daily?days=7');
      expect(daily.status).toBe(200);
      expect(daily.body.data).toHaveLength(7);
      expect(daily.body.data[6].date).toBe(new Date().toISOString().slice(0, 10));
      const total = daily.body.data.reduce((sum: number, day: { plays: number }) => sum + day.plays, 0);
      expect(total).toBe(29);
      expect(daily.body.data.reduce((sum: number, day: { listened_ms: number }) => sum + day.listened_ms, 0)).toBe(2_800_000 + 300_000);
      expect((await get('/api/tracks/user/daily')).body.data).toHaveLength(30);
      expect((await get('/api/tracks/user/daily', bobCookies)).body.data.every((day: { plays: number }) => day.plays === 0)).toBe(true);
    });
  });

  describe('the visibility rule between fans', () => {
    it('another fan’s profile, top artists, top tracks and recent listening are refused until made public', async () => {
      const urls = {
        profile: `/api/user/details/${alice.id}`,
        top_artists: `/api/artists/user/${alice.id}/top`,
        top_tracks: `/api/tracks/user/${alice.id}/top`,
        recent_listening: `/api/artists/recent-listened/${alice.id}`,
      };
      const labels = { profile: 'profile', top_artists: 'top artists', top_tracks: 'top tracks', recent_listening: 'recent listening' };
      for (const [section, url] of Object.entries(urls)) {
        const refused = await get(url, bobCookies);
        expect(refused.status, url).toBe(403);
        expect(refused.body.message).toBe(`This fan keeps their ${labels[section as keyof typeof labels]} private`);
        // The fan always sees their own.
        expect((await get(url, aliceCookies)).status, url).toBe(200);
      }

      // One section at a time…
      const topOnly = await platform.request('PUT', '/api/user/visibility', { cookies: aliceCookies, body: { top_artists: true } });
      expect(topOnly.body.data).toEqual({ profile: false, top_artists: true, top_tracks: false, recent_listening: false });
      const topArtists = await get(urls.top_artists, bobCookies);
      expect(topArtists.status).toBe(200);
      expect(topArtists.body.data[0]).toMatchObject({ name: 'Aurora Lane', listened_ms: 800_000 });
      expect((await get(urls.top_tracks, bobCookies)).status).toBe(403);

      // …or everything at once.
      await platform.request('PUT', '/api/user/visibility', { cookies: aliceCookies, body: { public: true } });
      const profile = await get(urls.profile, bobCookies);
      expect(profile.body.data).toMatchObject({ _id: alice.id, is_self: false, visibility: { profile: true, top_artists: true, top_tracks: true, recent_listening: true } });
      expect(profile.body.data.stats).toMatchObject({ plays: 29, listened_ms: 3_100_000, artists: 8 });
      const topTracks = await get(`${urls.top_tracks}?limit=2`, bobCookies);
      expect(topTracks.body.data.map((t: { track: { name: string } }) => t.track.name)).toEqual(['Song 1', 'Song 2']);
      const recent = await get(`${urls.recent_listening}?limit=3`, bobCookies);
      expect(recent.body.data.map((a: { name: string }) => a.name).sort()).toEqual(['Aurora Lane', 'Brass Harbor', 'Zeta Trio']);

      await platform.request('PUT', '/api/user/visibility', { cookies: aliceCookies, body: { public: false } });
      for (const url of Object.values(urls)) expect((await get(url, bobCookies)).status, url).toBe(403);
    });

    it('a fan Pie knows nothing about is a 404, a malformed id a 400, and no session a 401', async () => {
      const nobody = '00000000-0000-4000-8000-000000000001';
      for (const url of [`/api/user/details/${nobody}`, `/api/artists/user/${nobody}/top`, `/api/tracks/user/${nobody}/top`, `/api/artists/recent-listened/${nobody}`]) {
        const response = await get(url, bobCookies);
        expect(response.status, url).toBe(404);
        expect(response.body.message).toBe('No fan with this id');
        expect((await get(url.replace(nobody, 'me'), bobCookies)).status, url).toBe(400);
        expect((await get(url, {})).status, url).toBe(401);
      }
    });
  });

  describe('GET /api/artists/recent-listened', () => {
    it('lists the signed-in fan’s most recently played artists', async () => {
      const response = await get('/api/artists/recent-listened?limit=2');
      expect(response.status).toBe(200);
      expect(response.body.data).toHaveLength(2);
      expect(response.body.data.every((a: { last_played_at: string }) => Date.parse(a.last_played_at) >= minutesAgo(6).getTime())).toBe(true);
      expect((await get('/api/artists/recent-listened', bobCookies)).body.data.map((a: { name: string }) => a.name)).toEqual(['Aurora Lane']);
    });
  });

  describe('the fan’s profile', () => {
    it('usernames are validated and unique regardless of case', async () => {
      const saved = await platform.request('PUT', '/api/user/username', { cookies: aliceCookies, body: { username: 'Alice.Listens' } });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ success: true, data: { username: 'Alice.Listens' } });
      expect((await get(`/api/user/details/${alice.id}`)).body.data.username).toBe('Alice.Listens');
      const taken = await platform.request('PUT', '/api/user/username', { cookies: bobCookies, body: { username: 'alice.listens' } });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ message: expect.stringMatching(/taken/), errors: { username: ['This username is taken'] } });
      // Changing the case of one's own name is fine.
      expect((await platform.request('PUT', '/api/user/username', { cookies: aliceCookies, body: { username: 'alice.LISTENS' } })).status).toBe(200);
      const racing = await Promise.all(['bob_1', 'BOB_1'].map((username) => platform.request('PUT', '/api/user/username', { cookies: username === 'bob_1' ? bobCookies : aliceCookies, body: { username } })));
      expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);

      const bad: [unknown, RegExp][] = [
        [{ username: 'ab' }, /at least 3/],
        [{ username: 'a'.repeat(31) }, /at most 30/],
        [{ username: 'no spaces' }, /letters, digits/],
        [{ username: 'emoji🙂' }, /letters, digits/],
        [{ username: 42 }, /Username is required|text|string/],
        [{}, /Username is required/],
        [{ username: 'okname', extra: 1 }, /Unknown field/],
      ];
      for (const [body, message] of bad) {
        const response = await platform.request('PUT', '/api/user/username', { cookies: bobCookies, body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.message).toMatch(message);
      }
      expect((await platform.request('PUT', '/api/user/username', { cookies: bobCookies, rawBody: '{"username":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
      expect((await platform.request('PUT', '/api/user/username', { body: { username: 'nobody' } })).status).toBe(401);
      expect((await platform.request('PUT', '/api/user/username', { cookies: bobCookies, body: { username: 'bob_2' }, csrf: false })).status).toBe(403);
    });

    it('visibility takes booleans only, at least one', async () => {
      for (const body of [{}, { public: 'yes' }, { profile: 1 }, { everything: true }, []]) {
        const response = await platform.request('PUT', '/api/user/visibility', { cookies: bobCookies, body });
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
    });

    it('joining the beta is remembered and idempotent', async () => {
      const joined = await platform.request('POST', '/api/user/joinBeta', { cookies: bobCookies });
      expect(joined.status).toBe(200);
      expect(joined.body.data).toMatchObject({ beta: true, joined_at: expect.any(String) });
      const again = await platform.request('POST', '/api/user/joinBeta', { cookies: bobCookies });
      expect(again.body.data.joined_at).toBe(joined.body.data.joined_at);
      expect((await get('/api/user/activity', bobCookies)).body.data.beta).toBe(true);
      expect((await platform.request('POST', '/api/user/joinBeta')).status).toBe(401);
    });

    it('activity summarises the fan’s listening and sync status', async () => {
      const activity = await get('/api/user/activity');
      expect(activity.status).toBe(200);
      expect(activity.body.data).toMatchObject({
        connection: { status: 'not-connected', broken_reason: null, next_sync_at: null },
        totals: { plays: 29, listened_ms: 3_100_000, artists: 8, tracks: 8, orphaned_plays: 0 },
        last_7_days: { plays: 29 },
        beta: false,
        latest_import: null,
      });
      const stranger = await makeAccount(sql, 'fan');
      const empty = await get('/api/user/activity', (await logIn(platform, stranger)).cookies);
      expect(empty.body.data.connection.status).toBe('not-connected');
      expect(empty.body.data.totals.plays).toBe(0);
    });
  });

  it('popularity: the daily job ranks artists by the share of fans who listened in the last 28 days', async () => {
    const hit = await makeArtist(sql, { name: 'Everybody Loves' });
    const niche = await makeArtist(sql, { name: 'Cult Favourite' });
    const gone = await makeArtist(sql, { name: 'Long Ago', popularity: 55 });
    const [hitTrack, nicheTrack, goneTrack] = [await makeTrack(sql, [hit]), await makeTrack(sql, [niche]), await makeTrack(sql, [gone])];
    const listeners = [alice, bob, await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan')];
    for (const fan of listeners) await seedPlays(platform, fan.id, [{ track: hitTrack, at: daysAgo(3) }]);
    await seedPlays(platform, alice.id, [{ track: nicheTrack, at: daysAgo(10) }, { track: goneTrack, at: daysAgo(40) }]);
    await platform.api.get(QueueRegistry).get('listening').add(ComputePopularity.name, ComputePopularity.create({}));
    const popularity = async (id: string) => sql.value<number>(`select popularity from listening.artists where id = $1`, [id]);
    await eventually('the popularity job', async () => (await popularity(hit)) === 100, 20_000);
    expect(await popularity(niche)).toBeGreaterThanOrEqual(1);
    expect(await popularity(niche)).toBeLessThan(100);
    expect(await popularity(gone)).toBe(0);
    const listed = await get('/api/artists?sort=popularity&limit=1');
    expect(listed.body.data[0]).toMatchObject({ name: 'Everybody Loves', popularity: 100, listeners_28d: 5 });
  });

  it('a fan who deletes their account takes their listening with them', async () => {
    const leaver = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, leaver);
    await seedPlays(platform, leaver.id, [{ track: tracks[2], at: minutesAgo(30) }]);
    await platform.request('PUT', '/api/user/username', { cookies, body: { username: 'leaving-soon' } });
    expect((await platform.request('DELETE', '/api/auth/account', { cookies })).status).toBe(200);
    await eventually('listening forgotten', async () => (await sql.value<number>(`select count(*)::int from listening.plays where fan_id = $1`, [leaver.id])) === 0, 20_000);
    expect(await sql.value(`select count(*)::int from listening.fan_profiles where fan_id = $1`, [leaver.id])).toBe(0);
    expect(await sql.value(`select count(*)::int from listening.fan_listening_state where fan_id = $1`, [leaver.id])).toBe(0);
  });

  it('the routes are in the OpenAPI document', async () => {
    const docs = await platform.request('GET', '/api/docs-json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/artists',
        '/api/artists/user',
        '/api/artists/details/{artistId}',
        '/api/tracks/user/latest',
        '/api/tracks/user/fetchLatestFromSpotify',
        '/api/user/details/{userId}',
        '/api/user/visibility',
        '/api/listening/imports',
        '/api/listening/imports/{id}/chunks',
      ]),
    );
  });

  it('bad query parameters are a 400 naming the parameter, on every list', async () => {
    const cases: [string, RegExp][] = [
      ['/api/artists?page=0', /page must be at least 1/],
      ['/api/artists?page=abc', /page must be a number/],
      ['/api/artists?page=1.5', /page must be a whole number/],
      ['/api/artists?limit=1000', /limit must be at most 100/],
      ['/api/artists?sort=age', /sort must be/],
      ['/api/artists?direction=up', /direction must be/],
      ['/api/artists?search=' + 'x'.repeat(101), /search must be at most 100/],
      ['/api/artists?bogus=1', /Unknown field/],
      ['/api/artists/user?itemsPerPage=0', /itemsPerPage must be at least 1/],
      ['/api/artists/user?sortBy=loudness', /sortBy must be one of/],
      ['/api/artists/user?from=yesterday', /from must be an ISO date/],
      ['/api/artists/user?from=2026-02-31', /from is not a real date|from must be/],
      [`/api/artists/user?from=${new Date().toISOString()}&to=2020-01-01`, /from must be before to/],
      ['/api/artists/user?page=-1', /page must be at least 1/],
      ['/api/artists/recent-listened?limit=51', /limit must be at most 50/],
      [`/api/artists/user/${bob.id}/top?days=0`, /days must be at least 1/],
      [`/api/artists/${'0'.repeat(8)}-0000-4000-8000-000000000000/fans?days=x`, /days must be a number/],
      [`/api/artists/${'0'.repeat(8)}-0000-4000-8000-000000000000/top-tracks?limit=0`, /limit must be at least 1/],
      ['/api/tracks/user/latest?limit=abc', /limit must be a number/],
      ['/api/tracks/user/latest?page=999999999', /page must be at most/],
      ['/api/tracks/user/popular?page=0', /page must be at least 1/],
      ['/api/tracks/user/daily?days=367', /days must be at most 366/],
      [`/api/tracks/user/${bob.id}/top?limit=-3`, /limit must be at least 1/],
      ['/api/tracks/user/latest?page=1&page=2', /page must be a number/],
    ];
    for (const [url, message] of cases) {
      const response = await get(url);
      expect(response.status, url).toBe(400);
      expect(response.body).toMatchObject({ success: false, statusCode: 400 });
      expect(response.body.message, url).toMatch(message);
    }
  });
});
