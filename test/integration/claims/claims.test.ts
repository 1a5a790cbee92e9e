import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payeeOfficeFor } from '#pie/claims';
import { createArtistInvite } from '#pie/claims/testing';
import { writePlays } from '#pie/listening/testing';
import { scrobblePlay } from '#pie/listening/testing';
import { Database } from '#pie/platform';
import { approve } from '../../../apps/sandbox/src/oauth/oauth-test-client.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { addMember, claimBody, editBio, makeCatalogueArtist, makeClaim, officeAdmin, sandboxSocials, signedInArtist, socialsFor, type CatalogueArtist } from './artist-area-fixtures.js';
import { intoEscrow } from '../payouts/payouts-fixtures.js';

/**
 * Claims end to end through the API and the sandbox's artist pages: the wizard's checks, the
 * transition table, verification by bio string (present, absent, on the wrong artist's page) and by
 * signing in to the artist's official account, two offices racing for one artist, the
 * claim-verified event, fans' reports, artist invites, and bad input (400, never 500).
 */
describe('claims', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'claims', worker: false });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const verifyBio = (cookies: Record<string, string>, claimId: string, body: Record<string, unknown>) =>
    platform.request('POST', `/api/for-artists/claims/${claimId}/verify-bio`, { cookies, body });
  const statusOf = (claimId: string) => sql.value<string>(`select status from claims.claims where id = $1`, [claimId]);
  /**
   * An artist Pie knows only from a fan's Last.fm scrobble carrying its MusicBrainz id, and the links
   * the sandbox's MusicBrainz lists for that MBID.
   */
  async function scrobbleOnlyArtist(name: string, mbid: string, urls: string[]): Promise<string> {
    const fan = await makeAccount(sql, 'fan');
    await writePlays(platform.api.get(Database), [
      scrobblePlay({ fanId: fan.id, source: 'lastfm', startedAtSeconds: Math.floor(Date.now() / 1000) - 3600, durationMs: 200_000, trackName: `${name} Demo`, artistName: name, album: null, artistMbid: mbid }),
    ]);
    const response = await fetch(`${platform.sandbox.urls.providers}/musicbrainz/__admin/artists/${mbid}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, urls }) });
    if (!response.ok) throw new Error(`musicbrainz: ${response.status} ${await response.text()}`);
    return sql.value<string>(`select id from listening.artists where mbid = $1 and provider_id is null`, [mbid]);
  }

  describe('verify-bio', () => {
    let artist: CatalogueArtist;

    beforeAll(async () => {
      artist = await makeCatalogueArtist(sql, 'Velvet Orbit');
    });

    it('succeeds when the string is on the artist’s Spotify profile: successful, the office is the payee, the event is recorded', async () => {
      const admin = await officeAdmin(platform, sql, 'Orbit Management');
      const claim = await makeClaim(platform, admin, artist.id);
      expect(claim.status).toBe('pending');
      const { spotifyArtistUrl } = await socialsFor(platform, admin, artist.id);

      // Not there yet: a failed attempt, recorded, the claim now verifying.
      const absent = await verifyBio(admin.cookies, claim.id, { spotifyArtistUrl });
      expect(absent.status).toBe(409);
      expect(absent.body.message).toContain(`We could not find ${claim.verificationString} on Velvet Orbit’s Spotify profile`);
      expect(await statusOf(claim.id)).toBe('verifying');

      await editBio(platform, `/socials/spotify/artist/${artist.spotifyId}`, `Official page. ${claim.verificationString}`);
      const verified = await verifyBio(admin.cookies, claim.id, { spotifyArtistUrl });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body.data.status).toBe('successful');

      const detailed = await platform.request('GET', `/api/for-artists/claims/${claim.id}/detailed`, { cookies: admin.cookies });
      expect(detailed.body.data.history.map((change: { to: string }) => change.to)).toEqual(['pending', 'verifying', 'successful']);
      expect(detailed.body.data.history[2].by).toEqual({ kind: 'artist', id: admin.account.id });
      expect(detailed.body.data.lastAttempt.ok).toBe(true);

      const events = await sql.query(`select payload from platform.outbox where job_name = 'claims.claim-verified.v1' and payload->>'claimId' = $1`, [claim.id]);
      expect(events).toHaveLength(1);
      expect(events[0].payload).toMatchObject({ claimId: claim.id, artistId: artist.id, officeId: admin.officeId });
      expect(Date.parse(events[0].payload.verifiedAt)).not.toBeNaN();
      const database = platform.api.get(Database);
      expect((await payeeOfficeFor(database.em(), artist.id))?.officeId).toBe(admin.officeId);

      // Search marks the artist as claimed for everyone.
      const stranger = await signedInArtist(platform, sql);
      const search = await platform.request('GET', `/api/for-artists/search?search_term=velvet`, { cookies: stranger.cookies });
      expect(search.body.data).toEqual([expect.objectContaining({ _id: artist.id, claimed: true, claimed_by_you: false })]);
      expect(search.body.pagination).toEqual({ page: 1, limit: 6, total: 1, pages: 1 });
      // And nobody else can start a claim on it.
      const { verificationString } = await socialsFor(platform, stranger, artist.id);
      const late = await platform.request('POST', '/api/for-artists/claims', {
        cookies: stranger.cookies,
        body: { selectedArtist: artist.id, agreesToWaiver: true, agreesToFundsTerms: true, agreesToTerms: true, verificationMethod: 'bio', selectedPlatform: 'twitter', verificationString },
      });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This artist has already been claimed by another office');
    });

    it('succeeds when the string is on a social page the profile links to, and not on a page it does not link to', async () => {
      const other = await makeCatalogueArtist(sql, 'Paper Comets');
      const impostor = await makeCatalogueArtist(sql, 'Someone Else');
      const admin = await officeAdmin(platform, sql);
      const claim = await makeClaim(platform, admin, other.id);
      const socials = await socialsFor(platform, admin, other.id);
      expect(socials.links.twitter).toMatch(/\/socials\/twitter\/pie_/);

      // The wrong artist's page: the impostor's X page carries the string, but Paper Comets' profile does not link to it.
      const impostorPage = (await socialsFor(platform, admin, impostor.id)).links.twitter!;
      await editBio(platform, new URL(impostorPage).pathname, claim.verificationString);
      const wrongPage = await verifyBio(admin.cookies, claim.id, { spotifyArtistUrl: socials.spotifyArtistUrl, twitterLink: impostorPage });
      expect(wrongPage.status).toBe(409);
      expect(wrongPage.body.message).toBe('This X (Twitter) page is not linked from Paper Comets’s Spotify profile');

      // The wrong artist's Spotify URL is the caller's mistake: 400.
      const wrongProfile = await verifyBio(admin.cookies, claim.id, { spotifyArtistUrl: (await socialsFor(platform, admin, impostor.id)).spotifyArtistUrl });
      expect(wrongProfile.status).toBe(400);
      expect(wrongProfile.body.message).toBe('This Spotify URL is not Paper Comets’s profile');

      // A link that is no X profile at all: 400 naming the field.
      const notX = await verifyBio(admin.cookies, claim.id, { spotifyArtistUrl: socials.spotifyArtistUrl, twitterLink: 'https://example.com/somebody' });
      expect(notX.status).toBe(400);
      expect(notX.body.errors.twitterLink).toBeDefined();

      // The artist's own linked page with the string: success, whichever host form the link uses.
      const handle = new URL(socials.links.twitter!).pathname.split('/').pop()!;
      await editBio(platform, `/socials/twitter/${handle}`, `music, tours and ${claim.verificationString}`);
      const verified = await verifyBio(admin.cookies, claim.id, { spotifyArtistUrl: `https://open.spotify.com/artist/${other.spotifyId}`, twitterLink: `https://x.com/${handle}` });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body.data.status).toBe('successful');
    });
    it('an artist known only from scrobbles (an MBID, no Spotify id): verified by the string on a page MusicBrainz lists for them; a page MusicBrainz does not list is refused', async () => {
      const mbid = randomUUID();
      const artistId = await scrobbleOnlyArtist('Cedar Static', mbid, ['https://www.instagram.com/cedar_static/', 'https://cedarstatic.example/']);
      const admin = await officeAdmin(platform, sql, 'Cedar Office');
      const socials = await socialsFor(platform, admin, artistId);
      expect(socials.spotifyArtistUrl).toBeNull();
      expect(socials.linksFrom).toEqual({ kind: 'musicbrainz', url: `${platform.sandbox.urls.providers}/musicbrainz/ws/2/artist/${mbid}?inc=url-rels&fmt=json` });
      expect(socials.links).toEqual({ twitter: null, youtube: null, facebook: null, instagram: `${platform.sandbox.urls.providers}/socials/instagram/cedar_static` });
      const claim = await makeClaim(platform, admin, artistId, { selectedPlatform: 'instagram' });

      // Bio on a Spotify profile needs a Spotify id; MusicBrainz keeps no bio, so a linked page is required.
      const spotify = await verifyBio(admin.cookies, claim.id, { spotifyArtistUrl: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb', instagramLink: 'https://instagram.com/cedar_static' });
      expect(spotify.status).toBe(400);
      expect(spotify.body.code).toBe('claims.no-spotify-profile');
      const noPage = await verifyBio(admin.cookies, claim.id, {});
      expect(noPage.status).toBe(400);
      expect(noPage.body.code).toBe('claims.linked-page-required');

      // An attacker's page carrying the string, not on MusicBrainz's list: refused, the claim stays open.
      await editBio(platform, '/socials/instagram/cedar_fake', `official: ${claim.verificationString}`);
      const attacker = await verifyBio(admin.cookies, claim.id, { instagramLink: 'https://www.instagram.com/cedar_fake' });
      expect(attacker.status).toBe(409);
      expect(attacker.body.message).toBe('This Instagram page is not linked from Cedar Static’s MusicBrainz entry');
      expect(await statusOf(claim.id)).toBe('verifying');

      // The listed page without the string yet, then with it.
      const absent = await verifyBio(admin.cookies, claim.id, { instagramLink: 'https://instagram.com/cedar_static' });
      expect(absent.status).toBe(409);
      expect(absent.body.message).toBe(`We could not find ${claim.verificationString} on the linked page. Add it to that page’s bio and try again.`);
      await editBio(platform, '/socials/instagram/cedar_static', `tour dates and ${claim.verificationString}`);
      const verified = await verifyBio(admin.cookies, claim.id, { instagramLink: 'https://instagram.com/cedar_static' });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      // Anyone may edit MusicBrainz: the proof is recorded, but the claim waits for Pie's team and no one is paid yet.
      expect(verified.body.data.status).toBe('verifying');
      expect(await payeeOfficeFor(platform.api.get(Database).em(), artistId)).toBeNull();
      const detailed = await platform.request('GET', `/api/for-artists/claims/${claim.id}/detailed`, { cookies: admin.cookies });
      expect(detailed.body.data.lastAttempt.ok).toBe(true);
      expect(detailed.body.data.lastAttempt.message).toMatch(/^Verification string found on the Instagram page\. MusicBrainz is edited by its community, so Pie’s team confirms/);

      // An admin confirms it by hand: then the claim succeeds and the office is the payee.
      const pieAdmin = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;
      const confirmed = await platform.request('POST', `/api/admin/claims/${claim.id}/verify-bio`, { cookies: pieAdmin, body: { manualVerification: true, note: 'checked the MusicBrainz edit history' } });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(await statusOf(claim.id)).toBe('successful');
      expect(await payeeOfficeFor(platform.api.get(Database).em(), artistId)).toMatchObject({ officeId: admin.officeId });
    });
  });

  describe('transitions', () => {
    it('a pending claim can be deleted; a deleted one cannot be verified or deleted again; a successful one cannot be deleted', async () => {
      const admin = await officeAdmin(platform, sql);
      const artist = await makeCatalogueArtist(sql);
      const claim = await makeClaim(platform, admin, artist.id);
      const deleted = await platform.request('DELETE', `/api/for-artists/claims/${claim.id}`, { cookies: admin.cookies });
      expect(deleted.status).toBe(200);
      expect(await statusOf(claim.id)).toBe('cancelled');
      const again = await platform.request('DELETE', `/api/for-artists/claims/${claim.id}`, { cookies: admin.cookies });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('A cancelled claim cannot become cancelled');
      const { spotifyArtistUrl } = await socialsFor(platform, admin, artist.id);
      const verify = await verifyBio(admin.cookies, claim.id, { spotifyArtistUrl });
      expect(verify.status).toBe(409);
      expect(verify.body.message).toBe('A cancelled claim cannot become verifying');

      // A new claim on the same artist is allowed once the old one is cancelled; it succeeds and then stays.
      const second = await makeClaim(platform, admin, artist.id);
      await editBio(platform, `/socials/spotify/artist/${artist.spotifyId}`, second.verificationString);
      expect((await verifyBio(admin.cookies, second.id, { spotifyArtistUrl })).status).toBe(200);
      const deleteSuccessful = await platform.request('DELETE', `/api/for-artists/claims/${second.id}`, { cookies: admin.cookies });
      expect(deleteSuccessful.status).toBe(409);
      expect(await statusOf(second.id)).toBe('successful');
      const verifyAgain = await verifyBio(admin.cookies, second.id, { spotifyArtistUrl });
      expect(verifyAgain.status).toBe(409);

      // The office gives the artist up (claimed artist status Deleted): successful → cancelled, no payee any more.
      const removed = await platform.request('PATCH', `/api/for-artists/offices/${admin.officeId}/claimed-artists/${artist.id}`, { cookies: admin.cookies, body: { status: 'Deleted' } });
      expect(removed.status).toBe(200);
      expect(await statusOf(second.id)).toBe('cancelled');
      expect(await payeeOfficeFor(platform.api.get(Database).em(), artist.id)).toBeNull();
    });

    it('one office cannot hold two open claims on one artist', async () => {
      const admin = await officeAdmin(platform, sql);
      const artist = await makeCatalogueArtist(sql);
      await makeClaim(platform, admin, artist.id);
      await expect(makeClaim(platform, admin, artist.id)).rejects.toThrow(/409.*already has a claim/);
    });

    it('two offices verifying one artist at the same moment: exactly one succeeds', async () => {
      const artist = await makeCatalogueArtist(sql, 'Contested Artist');
      const offices = await Promise.all([officeAdmin(platform, sql, 'First'), officeAdmin(platform, sql, 'Second'), officeAdmin(platform, sql, 'Third')]);
      const claims: { id: string; verificationString: string }[] = [];
      for (const office of offices) claims.push(await makeClaim(platform, office, artist.id));
      // Every office's string on the profile: each attempt on its own would succeed.
      await editBio(platform, `/socials/spotify/artist/${artist.spotifyId}`, claims.map((claim) => claim.verificationString).join(' '));
      const { spotifyArtistUrl } = await socialsFor(platform, offices[0], artist.id);
      const answers = await Promise.all(offices.map((office, index) => verifyBio(office.cookies, claims[index].id, { spotifyArtistUrl })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toBe('This artist has already been claimed by another office');
      expect(await sql.value(`select count(*)::int from claims.claims where artist_id = $1 and status = 'successful'`, [artist.id])).toBe(1);
      expect(await sql.value(`select count(*)::int from platform.outbox where job_name = 'claims.claim-verified.v1' and payload->>'artistId' = $1`, [artist.id])).toBe(1);
      // The losing claims do not hang in verifying: they are closed, and each office reads why.
      const lost = 'Another office verified this artist first, so this claim is closed. If you believe the artist is yours, contact Pie support.';
      for (const [index, answer] of answers.entries()) {
        if (answer.status !== 409) continue;
        const detail = await platform.request('GET', `/api/for-artists/claims/${claims[index].id}/detailed`, { cookies: offices[index].cookies });
        expect(detail.body.data).toMatchObject({ status: 'rejected', lastAttempt: { ok: false, message: lost } });
        // Closed from verifying, or from pending when the winner had committed before this attempt began.
        expect(detail.body.data.history.at(-1)).toMatchObject({ from: expect.stringMatching(/^(pending|verifying)$/), to: 'rejected', by: { kind: 'system' }, reason: lost });
      }
      expect(await sql.value(`select count(*)::int from claims.claims where artist_id = $1 and status = 'verifying'`, [artist.id])).toBe(0);
      // Each closed claim records its rejection with the reason (its offices' admins are mailed from it).
      const rejections = await sql.query<{ payload: { claimId: string; officeId: string; reason: string } }>(`select payload from platform.outbox where job_name = 'claims.claim-rejected.v1' and payload->>'artistId' = $1`, [artist.id]);
      const losers = answers.flatMap((answer, index) => (answer.status === 409 ? [{ claimId: claims[index].id, officeId: offices[index].officeId, reason: lost }] : []));
      expect(rejections.map((row) => row.payload).sort((a, b) => a.claimId.localeCompare(b.claimId))).toEqual(losers.sort((a, b) => a.claimId.localeCompare(b.claimId)).map((loser) => expect.objectContaining(loser)));
    });

    it('a claim still pending when another office wins the artist is closed on its next attempt, saying why', async () => {
      const artist = await makeCatalogueArtist(sql, 'Won Artist');
      const [winner, late] = [await officeAdmin(platform, sql, 'Winner'), await officeAdmin(platform, sql, 'Late')];
      const [won, pending] = [await makeClaim(platform, winner, artist.id), await makeClaim(platform, late, artist.id)];
      await editBio(platform, `/socials/spotify/artist/${artist.spotifyId}`, `${won.verificationString} ${pending.verificationString}`);
      const { spotifyArtistUrl } = await socialsFor(platform, winner, artist.id);
      expect((await verifyBio(winner.cookies, won.id, { spotifyArtistUrl })).status).toBe(200);
      const attempt = await verifyBio(late.cookies, pending.id, { spotifyArtistUrl });
      expect(attempt.status).toBe(409);
      const detail = await platform.request('GET', `/api/for-artists/claims/${pending.id}/detailed`, { cookies: late.cookies });
      expect(detail.body.data.status).toBe('rejected');
      expect(detail.body.data.history.at(-1).reason).toMatch(/^Another office verified this artist first/);
    });
  });

  describe('social sign-in', () => {
    async function xAccount(id: string, username: string) {
      const response = await fetch(`${platform.sandbox.urls.providers}/x/__admin/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, name: username, username }),
      });
      if (!response.ok) throw new Error(`x account: ${response.status} ${await response.text()}`);
    }

    async function signInAndReturn(cookies: Record<string, string>, claimId: string, platformName: string, accountId: string) {
      const start = await platform.request('GET', `/api/for-artists/claims/${claimId}/verify-social/${platformName}`, { cookies });
      expect(start.status).toBe(302);
      const authorize = String(start.headers.location);
      expect(authorize).toContain('code_challenge_method=S256');
      const back = await approve(authorize, accountId);
      const callback = await platform.request('GET', `${back.pathname}${back.search}`, { cookies });
      expect(callback.status).toBe(302);
      return new URL(String(callback.headers.location), 'http://localhost:3000');
    }

    it('succeeds on X when the signed-in account is the one the Spotify profile links to, and fails with another account', async () => {
      const artist = await makeCatalogueArtist(sql, 'Signal Flags');
      await sandboxSocials(platform, `artists/${artist.spotifyId}`, { links: { twitter: 'signal_flags' } });
      await xAccount('1600000000000000001', 'signal_flags');
      await xAccount('1600000000000000002', 'not_the_band');
      const admin = await officeAdmin(platform, sql);
      const claim = await makeClaim(platform, admin, artist.id, { verificationMethod: 'social' });

      const wrong = await signInAndReturn(admin.cookies, claim.id, 'twitter', '1600000000000000002');
      expect(wrong.pathname).toBe('/for-artists/verification/twitter/failed');
      expect(wrong.searchParams.get('reason')).toBe('other-account');
      expect(wrong.searchParams.get('message')).toBeNull();
      expect(await statusOf(claim.id)).toBe('verifying');

      const right = await signInAndReturn(admin.cookies, claim.id, 'twitter', '1600000000000000001');
      expect(right.pathname).toBe('/for-artists/verification/twitter/success');
      expect(right.searchParams.get('review')).toBeNull();
      expect(right.searchParams.get('claim')).toBe(claim.id);
      expect(await statusOf(claim.id)).toBe('successful');
    });

    it('succeeds on YouTube through Google sign-in when that Google account owns the linked channel', async () => {
      const artist = await makeCatalogueArtist(sql, 'Lantern Bay');
      await sandboxSocials(platform, `artists/${artist.spotifyId}`, { links: { youtube: 'lanternbay' } });
      await sandboxSocials(platform, 'pages/youtube/lanternbay', { ownerAccountId: '100000000000000000002' });
      const admin = await officeAdmin(platform, sql);
      const claim = await makeClaim(platform, admin, artist.id, { verificationMethod: 'social', selectedPlatform: 'youtube' });
      const failed = await signInAndReturn(admin.cookies, claim.id, 'youtube', '100000000000000000001');
      expect(failed.pathname).toBe('/for-artists/verification/youtube/failed');
      const succeeded = await signInAndReturn(admin.cookies, claim.id, 'youtube', '100000000000000000002');
      expect(succeeded.pathname).toBe('/for-artists/verification/youtube/success');
      expect(await statusOf(claim.id)).toBe('successful');
    });

    it('an artist known only from scrobbles: signing in to the X account MusicBrainz lists for them verifies the claim; another account does not', async () => {
      const artistId = await scrobbleOnlyArtist('Moss Lantern', randomUUID(), ['https://twitter.com/moss_lantern', 'https://www.youtube.com/@mosslantern']);
      await xAccount('1600000000000000011', 'moss_lantern');
      await xAccount('1600000000000000012', 'moss_impostor');
      const admin = await officeAdmin(platform, sql);
      // The wizard's search finds the artist (it has an MBID) although it has no Spotify id.
      const search = await platform.request('GET', `/api/for-artists/search?search_term=moss%20lantern`, { cookies: admin.cookies });
      expect(search.body.data).toEqual([expect.objectContaining({ _id: artistId, spotify_id: null, claimed: false })]);
      const claim = await makeClaim(platform, admin, artistId, { verificationMethod: 'social' });

      const wrong = await signInAndReturn(admin.cookies, claim.id, 'twitter', '1600000000000000012');
      expect(wrong.pathname).toBe('/for-artists/verification/twitter/failed');
      expect(wrong.searchParams.get('reason')).toBe('other-account');
      expect(await statusOf(claim.id)).toBe('verifying');

      // The right account: the proof is recorded; the claim waits for Pie's team (MusicBrainz is anyone's to edit).
      const right = await signInAndReturn(admin.cookies, claim.id, 'twitter', '1600000000000000011');
      expect(right.pathname).toBe('/for-artists/verification/twitter/success');
      expect(right.searchParams.get('review')).toBe('musicbrainz');
      expect(await statusOf(claim.id)).toBe('verifying');
      const detailed = await platform.request('GET', `/api/for-artists/claims/${claim.id}/detailed`, { cookies: admin.cookies });
      expect(detailed.body.data.lastAttempt.ok).toBe(true);
      expect(detailed.body.data.lastAttempt.message).toMatch(/^Signed in to the X \(Twitter\) account the MusicBrainz entry links to\. MusicBrainz is edited by its community/);
    });

    it('a replayed or foreign callback state fails without touching the claim', async () => {
      const artist = await makeCatalogueArtist(sql);
      const admin = await officeAdmin(platform, sql);
      const claim = await makeClaim(platform, admin, artist.id);
      const forged = await platform.request('GET', `/api/for-artists/claims/verify-social/callback/twitter?code=abc&state=not-a-real-state`, { cookies: admin.cookies });
      expect(forged.status).toBe(302);
      expect(String(forged.headers.location)).toMatch(/^\/for-artists\/verification\/twitter\/failed\?/);
      expect(await statusOf(claim.id)).toBe('pending');
    });
  });

  describe('reports and artist invites', () => {
    it('a fan reports a claimed artist’s claim; a claim that is not successful is not reportable', async () => {
      const admin = await officeAdmin(platform, sql);
      const artist = await makeCatalogueArtist(sql);
      const claim = await makeClaim(platform, admin, artist.id);
      const fan = await makeAccount(sql, 'fan');
      const fanCookies = (await logIn(platform, fan)).cookies;
      const early = await platform.request('POST', `/api/claims/report/${claim.id}`, { cookies: fanCookies, body: { reason: 'This is not them' } });
      expect(early.status).toBe(404);
      // The artist page says where the artist stands (anyone may ask): not on Pie yet, what waits in escrow for them.
      await intoEscrow(platform, artist.id, 250, { fanId: fan.id });
      await intoEscrow(platform, artist.id, 150);
      const unclaimed = await platform.request('GET', `/api/claims/artist/${artist.id}`);
      expect(unclaimed.status).toBe(200);
      expect(unclaimed.body.data).toEqual({ artistId: artist.id, claimed: false, claimId: null, claimedSince: null, escrowCents: 400, escrowFans: 2 });
      await editBio(platform, `/socials/spotify/artist/${artist.spotifyId}`, claim.verificationString);
      const { spotifyArtistUrl } = await socialsFor(platform, admin, artist.id);
      expect((await verifyBio(admin.cookies, claim.id, { spotifyArtistUrl })).status).toBe(200);
      // Claimed now: the claim a fan reports, and the escrow still waiting (the office has no Stripe yet).
      const claimed = (await platform.request('GET', `/api/claims/artist/${artist.id}`)).body.data;
      expect(claimed).toMatchObject({ claimed: true, claimId: claim.id, claimedSince: expect.any(String), escrowCents: 400, escrowFans: 2 });
      expect((await platform.request('GET', `/api/claims/artist/${randomUUID()}`)).status).toBe(404);
      expect((await platform.request('GET', '/api/claims/artist/not-an-id')).status).toBe(400);
      const report = await platform.request('POST', `/api/claims/report/${claim.id}`, { cookies: fanCookies, body: { reason: 'This is not them' } });
      expect(report.status).toBe(201);
      expect(await sql.value(`select reason from claims.reports where claim_id = $1 and fan_id = $2`, [claim.id, fan.id])).toBe('This is not them');
      // One report per fan and claim: the second is refused plainly, not counted again.
      const again = await platform.request('POST', `/api/claims/report/${claim.id}`, { cookies: fanCookies, body: { reason: 'Still not them' } });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'claims.already-reported', message: 'You have already reported this claim. Our team will look at it; there is no need to report it again.' });
      expect(await sql.value(`select count(*)::int from claims.reports where claim_id = $1`, [claim.id])).toBe(1);
      const asArtist = await platform.request('POST', `/api/claims/report/${claim.id}`, { cookies: admin.cookies, body: { reason: 'This is not them' } });
      expect(asArtist.status).toBe(401);
    });

    it('an invited artist redeems once and gets an office with the artist claimed and verified', async () => {
      const artist = await makeCatalogueArtist(sql, 'Invited Band');
      const { token } = await createArtistInvite(platform.api.get(Database).em(), artist.id);
      const check = await platform.request('GET', `/api/artist-invite/${token}/verify`);
      expect(check.status).toBe(200);
      expect(check.body.data.artist).toMatchObject({ _id: artist.id, name: 'Invited Band' });
      const invited = await signedInArtist(platform, sql);
      const redeemed = await platform.request('POST', `/api/artist-invite/${token}/redeem`, { cookies: invited.cookies, body: { newOffice: true } });
      expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
      expect(redeemed.body.data.claim).toMatchObject({ status: 'successful', verificationMethod: 'invite' });
      const offices = await platform.request('GET', '/api/for-artists/offices', { cookies: invited.cookies });
      expect(offices.body.data).toEqual([expect.objectContaining({ _id: redeemed.body.data.officeId, name: 'Invited Band', role: 'admin' })]);
      const again = await platform.request('POST', `/api/artist-invite/${token}/redeem`, { cookies: invited.cookies, body: { newOffice: true } });
      expect(again.status).toBe(409);
      expect((await platform.request('GET', `/api/artist-invite/${token}/verify`)).status).toBe(409);
      const unknown = await platform.request('GET', `/api/artist-invite/${'x'.repeat(43)}/verify`);
      expect(unknown.status).toBe(404);
    });

    it('an artist known only from Last.fm scrobbles without an MBID: the wizard says clearly that a bio or sign-in check needs a Spotify profile or a MusicBrainz entry; an invite claims and verifies them', async () => {
      const fan = await makeAccount(sql, 'fan');
      await writePlays(platform.api.get(Database), [
        scrobblePlay({ fanId: fan.id, source: 'lastfm', startedAtSeconds: Math.floor(Date.now() / 1000) - 3600, durationMs: null, trackName: 'Attic Tapes', artistName: 'The Scrobble-Only Band', album: null }),
      ]);
      const artistId = await sql.value<string>(`select id from listening.artists where name = 'The Scrobble-Only Band' and provider_id is null`);
      const admin = await officeAdmin(platform, sql, 'Scrobble Office');
      const socials = await socialsFor(platform, admin, artistId);
      expect(socials.spotifyArtistUrl).toBeNull();
      const refused = await platform.request('POST', '/api/for-artists/claims', { cookies: admin.cookies, body: claimBody(artistId, socials.verificationString, { officeId: admin.officeId }) });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('claims.no-provider-profile');
      expect(refused.body.message).toBe(
        'Pie knows The Scrobble-Only Band only from listeners’ uploads or scrobbles, with neither a Spotify profile nor a MusicBrainz entry. Verifying by a bio or a social sign-in reads the accounts the artist’s Spotify profile or MusicBrainz entry links to, so it needs one of them. Ask Pie for an artist invitation link to claim The Scrobble-Only Band instead.',
      );
      expect(await sql.value<number>(`select count(*)::int from claims.claims where artist_id = $1`, [artistId])).toBe(0);

      const { token } = await createArtistInvite(platform.api.get(Database).em(), artistId);
      const redeemed = await platform.request('POST', `/api/artist-invite/${token}/redeem`, { cookies: admin.cookies, body: { officeId: admin.officeId } });
      expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
      expect(redeemed.body.data.claim).toMatchObject({ status: 'successful', verificationMethod: 'invite' });
      expect(await payeeOfficeFor(platform.api.get(Database).em(), artistId)).toMatchObject({ officeId: admin.officeId });
    });

    it('an artist already in an office redeems into the office they choose; no second office appears, and only their own offices can be chosen', async () => {
      const artist = await makeCatalogueArtist(sql, 'Second Signing');
      const { token } = await createArtistInvite(platform.api.get(Database).em(), artist.id);
      const admin = await officeAdmin(platform, sql, 'Existing Management');
      const redeem = (body: unknown, cookies = admin.cookies) => platform.request('POST', `/api/artist-invite/${token}/redeem`, { cookies, body });

      // Saying nothing is not a choice: the artist is asked, nothing is created.
      const unsaid = await redeem({});
      expect(unsaid.status).toBe(400);
      expect(unsaid.body.message).toContain('Say which of your offices the artist goes into');
      expect((await redeem({ officeId: admin.officeId, newOffice: true })).status).toBe(400);
      // Someone else's office looks missing; an office where the caller is only a member is refused.
      const stranger = await officeAdmin(platform, sql, 'Someone Else');
      expect((await redeem({ officeId: stranger.officeId })).status).toBe(404);
      const member = await addMember(platform, sql, stranger, 'member');
      expect((await redeem({ officeId: stranger.officeId }, member.cookies)).status).toBe(403);

      const redeemed = await redeem({ officeId: admin.officeId });
      expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
      expect(redeemed.body.data.officeId).toBe(admin.officeId);
      const offices = await platform.request('GET', '/api/for-artists/offices', { cookies: admin.cookies });
      expect(offices.body.data.map((office: { _id: string }) => office._id)).toEqual([admin.officeId]);
      const claims = await platform.request('GET', '/api/for-artists/claims', { cookies: admin.cookies });
      expect(claims.body.data).toEqual([expect.objectContaining({ officeId: admin.officeId, status: 'successful', artist: expect.objectContaining({ _id: artist.id }) })]);
    });
  });

  describe('bad input', () => {
    it('answers 400 with the wizard’s own texts, never 500', async () => {
      const admin = await officeAdmin(platform, sql);
      const empty = await platform.request('POST', '/api/for-artists/claims', { cookies: admin.cookies, body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toMatchObject({
        selectedArtist: ['Please select an artist'],
        agreesToWaiver: ['You must agree to the waiver'],
        agreesToFundsTerms: ['You must agree to the funds terms'],
        agreesToTerms: ['You must agree to the terms and conditions'],
        verificationMethod: ['Please select a verification method'],
        selectedPlatform: ['Please select a social platform'],
        verificationString: ['Verification string is required'],
      });
      const artist = await makeCatalogueArtist(sql);
      const forged = await platform.request('POST', '/api/for-artists/claims', {
        cookies: admin.cookies,
        body: { selectedArtist: artist.id, agreesToWaiver: true, agreesToFundsTerms: true, agreesToTerms: true, verificationMethod: 'bio', selectedPlatform: 'twitter', verificationString: 'pie-verify-0000000000' },
      });
      expect(forged.status).toBe(400);
      expect(forged.body.message).toBe('This is not the verification string for this claim');

      const cases: [string, string, unknown][] = [
        ['GET', '/api/for-artists/search?page=0', undefined],
        ['GET', '/api/for-artists/search?limit=abc', undefined],
        ['GET', '/api/for-artists/search?unknown=1', undefined],
        ['POST', '/api/for-artists/artist/socials/fetch', { artistId: 'nope' }],
        ['POST', '/api/for-artists/artist/socials/fetch', []],
        ['GET', '/api/for-artists/claims/not-a-uuid', undefined],
        ['GET', '/api/for-artists/claims/not-a-uuid/detailed', undefined],
        ['DELETE', '/api/for-artists/claims/1', undefined],
        ['POST', `/api/for-artists/claims/${artist.id}/verify-bio`, { spotifyArtistUrl: 'not a url' }],
        ['POST', `/api/for-artists/claims/${artist.id}/verify-bio`, { spotifyArtistUrl: 'https://open.spotify.com/artist/x', extra: 1 }],
        ['POST', '/api/for-artists/claims', { selectedArtist: artist.id, agreesToWaiver: 'yes' }],
        ['POST', '/api/for-artists/claims', 'a string'],
        ['GET', `/api/for-artists/claims/${artist.id}/verify-social/myspace`, undefined],
        ['GET', `/api/for-artists/claims/verify-social/callback/myspace`, undefined],
        ['PATCH', `/api/for-artists/offices/${admin.officeId}/claimed-artists/${artist.id}`, { status: 'Active' }],
        ['PATCH', `/api/for-artists/offices/x/claimed-artists/${artist.id}`, { status: 'Deleted' }],
        ['DELETE', '/api/for-artists/offices/x', undefined],
        ['GET', '/api/artist-invite/short/verify', undefined],
      ];
      for (const [method, url, body] of cases) {
        const response = await platform.request(method, url, { cookies: admin.cookies, ...(body === undefined ? {} : { body }) });
        expect(response.status, `${method} ${url} → ${JSON.stringify(response.body)}`).toBe(400);
        expect(response.body.message, `${method} ${url}`).toEqual(expect.any(String));
      }
      const badReport = await platform.request('POST', `/api/claims/report/${artist.id}`, { cookies: (await logIn(platform, await makeAccount(sql, 'fan'))).cookies, body: { reason: '' } });
      expect(badReport.status).toBe(400);
    });
  });
});
