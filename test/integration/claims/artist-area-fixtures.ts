import { randomBytes } from 'node:crypto';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import type { Sql } from '../../support/sql.js';
import type { TestPlatform } from '../../support/test-platform.js';

/*
 * Factories for the artist-area tests: catalogue artists with a provider id, signed-in artist
 * accounts with an office, claims made through the API, and the sandbox's artist pages.
 */

export interface CatalogueArtist {
  id: string;
  spotifyId: string;
  name: string;
}

/** A catalogue artist with a Spotify id (only those can be claimed). */
export async function makeCatalogueArtist(sql: Sql, name = `Artist ${randomBytes(3).toString('hex')}`): Promise<CatalogueArtist> {
  const spotifyId = randomBytes(16).toString('base64url').replace(/[-_]/g, 'x').slice(0, 22);
  const [row] = await sql.query<{ id: string }>(`insert into listening.artists (provider_id, name, metadata_fetched_at) values ($1, $2, now()) returning id`, [spotifyId, name]);
  return { id: row.id, spotifyId, name };
}

export interface SignedInArtist {
  account: TestAccount;
  cookies: Record<string, string>;
}

export async function signedInArtist(platform: TestPlatform, sql: Sql): Promise<SignedInArtist> {
  const account = await makeAccount(sql, 'artist');
  return { account, cookies: (await logIn(platform, account)).cookies };
}

/** An artist who created an office through the API (they are its admin). */
export async function officeAdmin(platform: TestPlatform, sql: Sql, name = 'Test Office'): Promise<SignedInArtist & { officeId: string }> {
  const artist = await signedInArtist(platform, sql);
  const created = await platform.request('POST', '/api/for-artists/offices', { cookies: artist.cookies, body: { name, type: 'management' } });
  if (created.status !== 201) throw new Error(`office: ${created.status} ${JSON.stringify(created.body)}`);
  return { ...artist, officeId: created.body.data._id };
}

/** Makes `member` an active member of the office: invited by the admin, accepting with the mailed token. */
export async function addMember(platform: TestPlatform, sql: Sql, admin: SignedInArtist & { officeId: string }, role: 'admin' | 'member' = 'member'): Promise<SignedInArtist> {
  const member = await signedInArtist(platform, sql);
  const invited = await platform.request('POST', `/api/for-artists/offices/${admin.officeId}/members`, { cookies: admin.cookies, body: { email: member.account.email, role } });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${JSON.stringify(invited.body)}`);
  const token = await platform.request('GET', `/api/for-artists/offices/${admin.officeId}/member-token?email=${encodeURIComponent(member.account.email)}`, { cookies: admin.cookies });
  const accepted = await platform.request('POST', `/api/for-artists/offices/accept-invitation/${token.body.data.token}`, { cookies: member.cookies, body: { officeId: admin.officeId } });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return member;
}

/** What step 2 of the wizard shows: the artist's links and the verification string. */
export async function socialsFor(platform: TestPlatform, artist: SignedInArtist, artistId: string) {
  const response = await platform.request('POST', '/api/for-artists/artist/socials/fetch', { cookies: artist.cookies, body: { artistId } });
  if (response.status !== 200) throw new Error(`socials: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { verificationString: string; spotifyArtistUrl: string; linksFrom: { kind: string; url: string } | null; links: Record<string, string | null> };
}

/** A claim made through the wizard's API (pending). */
/** The wizard's claim body: the three agreements, the bio method on X, the string the wizard generated. */
export function claimBody(artistId: string, verificationString: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    selectedArtist: artistId,
    agreesToWaiver: true,
    agreesToFundsTerms: true,
    agreesToTerms: true,
    verificationMethod: 'bio',
    selectedPlatform: 'twitter',
    verificationString,
    ...overrides,
  };
}

export async function makeClaim(platform: TestPlatform, artist: SignedInArtist & { officeId?: string }, artistId: string, overrides: Record<string, unknown> = {}) {
  const { verificationString } = await socialsFor(platform, artist, artistId);
  const response = await platform.request('POST', '/api/for-artists/claims', {
    cookies: artist.cookies,
    body: claimBody(artistId, verificationString, { ...(artist.officeId ? { officeId: artist.officeId } : {}), ...overrides }),
  });
  if (response.status !== 201) throw new Error(`claim: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { id: string; verificationString: string; status: string; officeId: string };
}

/** The sandbox's artist pages: set a profile or a page through its admin routes. */
export async function sandboxSocials(platform: TestPlatform, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${platform.sandbox.urls.providers}/socials/__admin/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Edits a bio the way the artist does: the sandbox's edit form. */
export async function editBio(platform: TestPlatform, pagePath: string, bio: string): Promise<void> {
  const response = await fetch(`${platform.sandbox.urls.providers}${pagePath}/edit`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ bio }),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`edit ${pagePath}: ${response.status}`);
}
