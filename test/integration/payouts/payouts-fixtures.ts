import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { eventually, type Sql } from '../../support/sql.js';
import type { TestPlatform } from '../../support/test-platform.js';
import { editBio, makeClaim, socialsFor, type CatalogueArtist, type SignedInArtist } from '../claims/artist-area-fixtures.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

export type OfficeAdmin = SignedInArtist & { officeId: string };

/** Puts money into an artist's escrow as a period close would, from `fanId` (a fan of its own when not given), at `occurredAt`. */
export async function intoEscrow(platform: TestPlatform, artistId: string, cents: number, options: { fanId?: string; occurredAt?: Date } = {}): Promise<void> {
  await new Ledger(platform.api.get(Database)).post({
    kind: TEST_JOURNAL_KINDS.funding,
    idempotencyKey: `test_funding:${randomUUID()}`,
    occurredAt: options.occurredAt ?? new Date(),
    references: options.fanId ? { fanId: options.fanId, artistId } : { artistId },
    postings: [
      { account: accounts.stripeClearing, amountCents: -cents },
      { account: accounts.artistEscrow(artistId), amountCents: cents, fanId: options.fanId ?? randomUUID() },
    ],
  });
}

/** The office's claim on the artist, verified through the sandbox bio as a user would. */
export async function verifyClaim(platform: TestPlatform, admin: OfficeAdmin, artist: CatalogueArtist): Promise<string> {
  const claim = await makeClaim(platform, admin, artist.id);
  const { spotifyArtistUrl } = await socialsFor(platform, admin, artist.id);
  await editBio(platform, `/socials/spotify/artist/${artist.spotifyId}`, `Official. ${claim.verificationString}`);
  const verified = await platform.request('POST', `/api/for-artists/claims/${claim.id}/verify-bio`, { cookies: admin.cookies, body: { spotifyArtistUrl } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return claim.id;
}

/** Connects the office's Stripe account and completes the sandbox onboarding; waits until Pie sees it enabled. */
export async function enableStripe(platform: TestPlatform, sql: Sql, admin: OfficeAdmin, onboarding: { accountNumber?: string } = {}): Promise<string> {
  const started = await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: admin.officeId } });
  expect(started.status).toBe(200);
  const accountId = await sql.value<string>(`select stripe_account_id from payouts.connected_accounts where office_id = $1`, [admin.officeId]);
  await platform.stripeControl.onboardAccount(accountId, onboarding);
  await eventually('the account to be enabled', async () => (await sql.value<string>(`select status from payouts.connected_accounts where office_id = $1`, [admin.officeId])) === 'enabled');
  return accountId;
}
