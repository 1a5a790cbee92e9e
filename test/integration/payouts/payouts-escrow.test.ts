import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, balanceOf, JOURNAL_KINDS } from '#pie/ledger';
import { releaseEscrow } from '#pie/payouts/testing';
import { closePiePeriod } from '#pie/pies/testing';
import { Database } from '#pie/platform';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin, type CatalogueArtist } from '../claims/artist-area-fixtures.js';
import { enableStripe, intoEscrow, verifyClaim, type OfficeAdmin } from './payouts-fixtures.js';
import { makeTrack, seedPlays } from '../listening/listening-fixtures.js';
import { DAY, fundWallet, makePie } from '../pies/pies-fixtures.js';

/**
 * Escrow released to the office (DESIGN §5, §8): on a successful claim only once the office's
 * Stripe account can receive transfers, then exactly once however often and concurrently it is
 * asked; a period closing for an artist whose office is enabled passes the share on at once.
 */
describe('payouts: escrow released to the office', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;

  beforeAll(async () => {
    // Transfers are payouts-money's subject: a threshold no test reaches keeps the earnings where the release put them.
    platform = await TestPlatform.start({ label: 'payouts-escrow', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '100000000' } });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const escrowOf = (artistId: string) => balanceOf(database.em(), accounts.artistEscrow(artistId));
  const earningsOf = (officeId: string) => balanceOf(database.em(), accounts.officeEarnings(officeId));
  const releases = (artistId: string) =>
    sql.query<{ amount: string }>(
      `select p.amount_cents as amount from ledger.journals j join ledger.postings p on p.journal_id = j.id
        where j.kind = $1 and j."references"->>'artistId' = $2 and p.amount_cents > 0`,
      [JOURNAL_KINDS.escrowReleased, artistId],
    );

  const intoEscrowOf = (artistId: string, cents: number) => intoEscrow(platform, artistId, cents);
  const verifyClaimOf = (admin: OfficeAdmin, artist: CatalogueArtist) => verifyClaim(platform, admin, artist);
  const enableStripeOf = (admin: OfficeAdmin) => enableStripe(platform, sql, admin);

  it('keeps the escrow while the office cannot receive transfers, releases it once its account is enabled, and only once', async () => {
    const admin = await officeAdmin(platform, sql, 'Escrow Office');
    const artist = await makeCatalogueArtist(sql, 'Quiet Harbor');
    await intoEscrowOf(artist.id, 900);

    await verifyClaimOf(admin, artist);
    // The claim's event was handled, and nothing moved: the office has no Stripe account yet.
    await eventually('the claim-verified listener to run', async () =>
      (await sql.value<number>(`select count(*)::int from platform.inbox where consumer = 'payouts.release-escrow-on-claim-verified'`, [])) > 0,
    );
    expect(await escrowOf(artist.id)).toBe(900);
    expect(await earningsOf(admin.officeId)).toBe(0);

    // Stripe enables the account: account.updated releases the whole escrow in one journal.
    await enableStripeOf(admin);
    await eventually('the release', async () => (await earningsOf(admin.officeId)) === 900);
    expect(await escrowOf(artist.id)).toBe(0);
    expect((await releases(artist.id)).map((row) => Number(row.amount))).toEqual([900]);

    // More money arrives in escrow; ten concurrent releases move it once.
    await intoEscrowOf(artist.id, 300);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => database.transaction((tx) => releaseEscrow(tx, artist.id))));
    expect(outcomes.filter(Boolean)).toEqual([{ officeId: admin.officeId, releasedCents: 300 }]);
    expect((await releases(artist.id)).map((row) => Number(row.amount)).sort()).toEqual([300, 900]);
    expect(await earningsOf(admin.officeId)).toBe(1200);
  });

  it('releases at once when the claim succeeds for an office whose account is already enabled', async () => {
    const admin = await officeAdmin(platform, sql, 'Ready Office');
    await enableStripeOf(admin);
    const artist = await makeCatalogueArtist(sql, 'Waiting Tide');
    await intoEscrowOf(artist.id, 420);
    expect(await earningsOf(admin.officeId)).toBe(0);

    await verifyClaimOf(admin, artist);
    await eventually('the release on the claim', async () => (await earningsOf(admin.officeId)) === 420);
    expect(await escrowOf(artist.id)).toBe(0);
    expect((await releases(artist.id)).map((row) => Number(row.amount))).toEqual([420]);
  });

  it('passes a closed period’s share on to an enabled office at once; an unclaimed artist’s share stays in escrow', async () => {
    const admin = await officeAdmin(platform, sql, 'Live Office');
    const [claimed, unclaimed] = [await makeCatalogueArtist(sql, 'Claimed Star'), await makeCatalogueArtist(sql, 'Nobody Yet')];
    await verifyClaimOf(admin, claimed);
    await enableStripeOf(admin);

    const fan = await makeAccount(sql, 'fan');
    const periodEnd = new Date(Date.now() - DAY);
    const periodStart = new Date(periodEnd.getTime() - 30 * DAY);
    const { periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    const [claimedTrack, unclaimedTrack] = [await makeTrack(sql, [claimed.id]), await makeTrack(sql, [unclaimed.id])];
    await seedPlays(platform, fan.id, [
      { track: claimedTrack, at: new Date(periodStart.getTime() + DAY), ms: 300_000 },
      { track: unclaimedTrack, at: new Date(periodStart.getTime() + 2 * DAY), ms: 100_000 },
    ]);
    await fundWallet(platform, fan.id, 1000, new Date(periodStart.getTime() + 1000));
    const outcome = await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect(outcome).toMatchObject({ status: 'closed', distributedCents: 1000 });

    await eventually('the claimed artist’s share to reach the office', async () => (await earningsOf(admin.officeId)) === 750);
    expect(await escrowOf(claimed.id)).toBe(0);
    expect(await escrowOf(unclaimed.id)).toBe(250);
    // The fan's statement, read from the ledger, says where each share is now.
    const statement = await platform.request('GET', `/api/pie/periods/${periodId}/statement`, { cookies: (await logIn(platform, fan)).cookies });
    expect(statement.status).toBe(200);
    const where = Object.fromEntries(statement.body.data.paid.map((line: { artistId: string; whereNow: string }) => [line.artistId, line.whereNow]));
    expect(where).toMatchObject({ [claimed.id]: 'office', [unclaimed.id]: 'escrow' });
  });
});
