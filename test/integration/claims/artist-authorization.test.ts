import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { editBio, makeCatalogueArtist, makeClaim, signedInArtist, socialsFor, type CatalogueArtist, type SignedInArtist } from './artist-area-fixtures.js';

/**
 * The authorization matrix of the artist area: every route that takes an id, called by each kind
 * of caller. Exactly the allowed callers succeed; everyone else gets 401 (no artist session), 404
 * (not their office, or a claim on an artist they are not assigned to: the same answer as a missing
 * id) or 403 (a member asking for an admin's action). Each mutating call gets a fresh office so one
 * caller's success cannot change what the next one sees. The matrix is printed for the closing note.
 */
const CALLERS = ['no session', 'fan', 'other office', 'unassigned member', 'member', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

interface Fixture {
  officeId: string;
  artist: CatalogueArtist;
  /** A pending claim on `artist`; `member` is assigned to `artist`, `unassigned member` is not. */
  claimId: string;
  claimString: string;
  /** An invitation still pending. */
  pendingEmail: string;
}

interface Row {
  route: string;
  /** Expected status per caller, in CALLERS order. */
  expected: number[];
  /** Sends the request as `caller` against `fixture`. */
  call(fixture: Fixture, caller: Caller): Promise<{ status: number }>;
  /** A fresh fixture for each caller (the call changes state). */
  mutates: boolean;
}

describe('artist area: authorization matrix', () => {
  let platform: TestPlatform;
  let sql: Sql;
  const people = {} as Record<Exclude<Caller, 'no session'>, SignedInArtist | { cookies: Record<string, string> }>;
  let admin: SignedInArtist;
  let member: SignedInArtist;
  let unassigned: SignedInArtist;
  let shared: Fixture;
  let successfulClaimId: string;

  const cookiesOf = (caller: Caller) => (caller === 'no session' ? {} : people[caller].cookies);

  async function join(officeId: string, person: SignedInArtist, role: 'admin' | 'member') {
    await platform.request('POST', `/api/for-artists/offices/${officeId}/members`, { cookies: admin.cookies, body: { email: person.account.email, role } });
    const token = await platform.request('GET', `/api/for-artists/offices/${officeId}/member-token?email=${encodeURIComponent(person.account.email)}`, { cookies: admin.cookies });
    const accepted = await platform.request('POST', `/api/for-artists/offices/accept-invitation/${token.body.data.token}`, { cookies: person.cookies, body: { officeId } });
    if (accepted.status !== 200) throw new Error(`join: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  }

  async function newFixture(): Promise<Fixture> {
    const office = await platform.request('POST', '/api/for-artists/offices', { cookies: admin.cookies, body: { name: 'Matrix Office', type: 'management' } });
    const officeId = office.body.data._id as string;
    await join(officeId, member, 'member');
    await join(officeId, unassigned, 'member');
    const artist = await makeCatalogueArtist(sql);
    const claim = await makeClaim(platform, { ...admin, officeId }, artist.id);
    await platform.request('POST', `/api/for-artists/offices/${officeId}/members/${member.account.id}/artists`, { cookies: admin.cookies, body: { artistIds: [artist.id] } });
    const pendingEmail = `pending-${randomUUID().slice(0, 8)}@example.test`;
    await platform.request('POST', `/api/for-artists/offices/${officeId}/members`, { cookies: admin.cookies, body: { email: pendingEmail, role: 'member' } });
    return { officeId, artist, claimId: claim.id, claimString: claim.verificationString, pendingEmail };
  }

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'artist-authz', worker: false });
    sql = openSql(platform.database.url);
    admin = await signedInArtist(platform, sql);
    member = await signedInArtist(platform, sql);
    unassigned = await signedInArtist(platform, sql);
    const other = await signedInArtist(platform, sql);
    await platform.request('POST', '/api/for-artists/offices', { cookies: other.cookies, body: { name: 'Another Office', type: 'label' } });
    const fan = await makeAccount(sql, 'fan');
    Object.assign(people, { fan: { cookies: (await logIn(platform, fan)).cookies }, 'other office': other, 'unassigned member': unassigned, member, admin });
    shared = await newFixture();
    // A successful claim for the fan's report.
    const verified = await newFixture();
    await editBio(platform, `/socials/spotify/artist/${verified.artist.spotifyId}`, verified.claimString);
    const { spotifyArtistUrl } = await socialsFor(platform, admin, verified.artist.id);
    const answer = await platform.request('POST', `/api/for-artists/claims/${verified.claimId}/verify-bio`, { cookies: admin.cookies, body: { spotifyArtistUrl } });
    if (answer.status !== 200) throw new Error(`verify: ${answer.status}`);
    successfulClaimId = verified.claimId;
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const send = (method: string, url: string, caller: Caller, body?: unknown) =>
    platform.request(method, url, { cookies: cookiesOf(caller), ...(body === undefined ? {} : { body }) });
  const o = (f: Fixture) => `/api/for-artists/offices/${f.officeId}`;

  const rows: Row[] = [
    { route: 'GET claims/:id', expected: [401, 401, 404, 404, 200, 200], mutates: false, call: (f, c) => send('GET', `/api/for-artists/claims/${f.claimId}`, c) },
    { route: 'GET claims/:id/detailed', expected: [401, 401, 404, 404, 200, 200], mutates: false, call: (f, c) => send('GET', `/api/for-artists/claims/${f.claimId}/detailed`, c) },
    {
      route: 'POST claims/:claimId/verify-bio',
      expected: [401, 401, 404, 404, 200, 200],
      mutates: true,
      call: async (f, c) => {
        await editBio(platform, `/socials/spotify/artist/${f.artist.spotifyId}`, f.claimString);
        return send('POST', `/api/for-artists/claims/${f.claimId}/verify-bio`, c, { spotifyArtistUrl: `https://open.spotify.com/artist/${f.artist.spotifyId}` });
      },
    },
    { route: 'GET claims/:claimId/verify-social/:platform', expected: [401, 401, 404, 404, 302, 302], mutates: false, call: (f, c) => send('GET', `/api/for-artists/claims/${f.claimId}/verify-social/twitter`, c) },
    { route: 'DELETE claims/:id', expected: [401, 401, 404, 404, 403, 200], mutates: true, call: (f, c) => send('DELETE', `/api/for-artists/claims/${f.claimId}`, c) },
    { route: 'POST claims (officeId)', expected: [401, 401, 404, 403, 403, 201], mutates: true, call: async (f, c) => {
      const artist = await makeCatalogueArtist(sql);
      const verificationString = c === 'no session' || c === 'fan' ? 'pie-verify-0000000000' : (await socialsFor(platform, people[c] as SignedInArtist, artist.id)).verificationString;
      return send('POST', '/api/for-artists/claims', c, { selectedArtist: artist.id, agreesToWaiver: true, agreesToFundsTerms: true, agreesToTerms: true, verificationMethod: 'bio', selectedPlatform: 'twitter', verificationString, officeId: f.officeId });
    } },
    { route: 'POST artist/socials/fetch (officeId)', expected: [401, 401, 404, 200, 200, 200], mutates: false, call: (f, c) => send('POST', '/api/for-artists/artist/socials/fetch', c, { artistId: f.artist.id, officeId: f.officeId }) },
    { route: 'PATCH offices/:officeId', expected: [401, 401, 404, 403, 403, 200], mutates: true, call: (f, c) => send('PATCH', o(f), c, { name: 'Renamed' }) },
    { route: 'DELETE offices/:id', expected: [401, 401, 404, 403, 403, 200], mutates: true, call: async (f, c) => {
      await send('DELETE', `/api/for-artists/claims/${f.claimId}`, 'admin');
      return send('DELETE', o(f), c);
    } },
    { route: 'GET offices/:officeId/members', expected: [401, 401, 404, 200, 200, 200], mutates: false, call: (f, c) => send('GET', `${o(f)}/members`, c) },
    { route: 'POST offices/:officeId/members', expected: [401, 401, 404, 403, 403, 201], mutates: true, call: (f, c) => send('POST', `${o(f)}/members`, c, { email: `new-${randomUUID().slice(0, 8)}@example.test`, role: 'member' }) },
    { route: 'DELETE offices/:officeId/members/:email', expected: [401, 401, 404, 403, 403, 200], mutates: true, call: (f, c) => send('DELETE', `${o(f)}/members/${encodeURIComponent(f.pendingEmail)}`, c) },
    { route: 'GET offices/:officeId/member-token', expected: [401, 401, 404, 403, 403, 200], mutates: false, call: (f, c) => send('GET', `${o(f)}/member-token?email=${encodeURIComponent(f.pendingEmail)}`, c) },
    { route: 'POST offices/:officeId/resend-invitation', expected: [401, 401, 404, 403, 403, 200], mutates: true, call: (f, c) => send('POST', `${o(f)}/resend-invitation`, c, { email: f.pendingEmail }) },
    { route: 'PATCH offices/:officeId/members/:userId/role', expected: [401, 401, 404, 403, 403, 200], mutates: true, call: (f, c) => send('PATCH', `${o(f)}/members/${member.account.id}/role`, c, { role: 'admin' }) },
    { route: 'GET offices/:officeId/members/:memberId/artists', expected: [401, 401, 404, 403, 200, 200], mutates: false, call: (f, c) => send('GET', `${o(f)}/members/${member.account.id}/artists`, c) },
    { route: 'POST offices/:officeId/members/:memberId/artists', expected: [401, 401, 404, 403, 403, 200], mutates: true, call: (f, c) => send('POST', `${o(f)}/members/${unassigned.account.id}/artists`, c, { artistIds: [f.artist.id] }) },
    { route: 'DELETE offices/:officeId/members/:memberId/artists/:artistId', expected: [401, 401, 404, 403, 403, 200], mutates: true, call: (f, c) => send('DELETE', `${o(f)}/members/${member.account.id}/artists/${f.artist.id}`, c) },
    { route: 'PATCH offices/:officeId/claimed-artists/:artistId', expected: [401, 401, 404, 403, 403, 200], mutates: true, call: (f, c) => send('PATCH', `${o(f)}/claimed-artists/${f.artist.id}`, c, { status: 'Deleted' }) },
    { route: 'POST /api/claims/report/:claimedId', expected: [401, 201, 401, 401, 401, 401], mutates: false, call: (_f, c) => send('POST', `/api/claims/report/${successfulClaimId}`, c, { reason: 'Not the real artist' }) },
  ];

  // ~120 fresh offices, each built through the API: slow by nature, so its own time budget.
  it('lets exactly the allowed callers through on every route that takes an id', { timeout: 300_000 }, async () => {
    const actual: number[][] = [];
    for (const row of rows) {
      const statuses: number[] = [];
      for (const caller of CALLERS) statuses.push((await row.call(row.mutates ? await newFixture() : shared, caller)).status);
      actual.push(statuses);
    }
    const width = Math.max(...rows.map((row) => row.route.length));
    const lines = [`${'route'.padEnd(width)} | ${CALLERS.map((c) => c.padEnd(17)).join(' | ')}`];
    rows.forEach((row, index) => lines.push(`${row.route.padEnd(width)} | ${actual[index].map((s, i) => `${s}${s === row.expected[i] ? '' : ` (want ${row.expected[i]})`}`.padEnd(17)).join(' | ')}`));
    console.log(`\nArtist-area authorization matrix (HTTP status per caller)\n${lines.join('\n')}\n`);
    expect(actual).toEqual(rows.map((row) => row.expected));
    // A member's 404 on an unassigned artist's claim is the very answer for a missing claim.
    const missing = await send('GET', `/api/for-artists/claims/${randomUUID()}`, 'unassigned member');
    const hidden = await send('GET', `/api/for-artists/claims/${shared.claimId}`, 'unassigned member');
    expect(hidden.status).toBe(missing.status);
  });

  it('answers 404 for ids that do not exist, even to an admin', async () => {
    const unknown = randomUUID();
    const probes: [string, string, unknown?][] = [
      ['GET', `/api/for-artists/claims/${unknown}`],
      ['GET', `/api/for-artists/claims/${unknown}/detailed`],
      ['DELETE', `/api/for-artists/claims/${unknown}`],
      ['POST', `/api/for-artists/claims/${unknown}/verify-bio`, { spotifyArtistUrl: 'https://open.spotify.com/artist/abc' }],
      ['GET', `/api/for-artists/claims/${unknown}/verify-social/twitter`],
      ['PATCH', `/api/for-artists/offices/${unknown}`, { name: 'x' }],
      ['DELETE', `/api/for-artists/offices/${unknown}`],
      ['GET', `/api/for-artists/offices/${unknown}/members`],
      ['POST', `/api/for-artists/offices/${unknown}/members`, { email: 'a@b.test' }],
      ['PATCH', `/api/for-artists/offices/${shared.officeId}/members/${unknown}/role`, { role: 'member' }],
      ['GET', `/api/for-artists/offices/${shared.officeId}/members/${unknown}/artists`],
      ['PATCH', `/api/for-artists/offices/${shared.officeId}/claimed-artists/${unknown}`, { status: 'Deleted' }],
      ['POST', '/api/for-artists/artist/socials/fetch', { artistId: unknown }],
    ];
    for (const [method, url, body] of probes) {
      const response = await send(method, url, 'admin', body);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    const report = await send('POST', `/api/claims/report/${unknown}`, 'fan', { reason: 'Not the real artist' });
    expect(report.status).toBe(404);
  });
});
