import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, Ledger, type JournalKind } from '#pie/ledger';
import { Database } from '#pie/platform';
import { closePiePeriod, createPie, openPeriod } from '#pie/pies/testing';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { addMember, makeCatalogueArtist, makeClaim, officeAdmin, type CatalogueArtist } from '../claims/artist-area-fixtures.js';
import { makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { enableStripe, verifyClaim, type OfficeAdmin } from './payouts-fixtures.js';
import { DAY, defaultSettings, payInvoice } from '../pies/pies-fixtures.js';

/**
 * Issue 31 item 3: a verified artist's funding insights (`GET /api/for-artists/claims/:id/insights`).
 * A seeded history — seven fans' pies closing into the artist's escrow over two months (five before
 * the claim, two after), five fans listening from Germany, one from the US, one unknown; the office
 * claims the artist and connects Stripe, so the escrow is released at claim and later shares follow —
 * and every figure is checked against the ledger's own postings, to the cent; small counts are
 * masked in the answer itself, no fan is ever named, and only who may see the claim may read it.
 */
describe('an artist’s funding insights', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let office: OfficeAdmin;
  let artist: CatalogueArtist;
  let claimId: string;
  const fans: TestAccount[] = [];
  const tracks: Record<'solo' | 'shared' | 'other', CatalogueTrack> = {} as never;

  const oldStart = new Date(Date.now() - 62 * DAY);
  const oldEnd = new Date(Date.now() - 32 * DAY);
  const newStart = new Date(Date.now() - 31 * DAY);
  const newEnd = new Date(Date.now() - DAY);

  /** Σ postings straight from the ledger's tables on one account, by journal kind (and the fans the journals name). */
  async function postings(account: string, kind: string, fanIds?: string[]): Promise<number> {
    return Number(
      await sql.value<string>(
        `select coalesce(sum(p.amount_cents), 0) from ledger.postings p join ledger.journals j on j.id = p.journal_id
          where p.account = $1 and j.kind = $2 and ($3::text[] is null or j."references"->>'fanId' = any($3))`,
        [account, kind, fanIds ?? null],
      ),
    );
  }

  /** A fan who paid $10 for a period, listened as given inside it, and whose period closed. */
  async function fundingFan(window: { start: Date; end: Date }, plays: { track: CatalogueTrack; minutes: number }[], country: string | null): Promise<TestAccount> {
    const account = await makeAccount(sql, 'fan');
    await seedPlays(
      platform,
      account.id,
      plays.map((play, i) => ({ track: play.track, at: new Date(window.start.getTime() + DAY + i * 3_600_000), ms: play.minutes * 60_000 })),
    );
    // The fan's streaming account and its country, as a Spotify sign-in keeps them.
    if (country) {
      await sql.query(`insert into identity.social_identities (id, subject_kind, subject_id, provider, provider_user_id, country) values ($1, 'fan', $2, 'spotify', $3, $4)`, [
        randomUUID(),
        account.id,
        `sp-${account.id}`,
        country,
      ]);
    }
    const invoiceId = `in_${randomUUID().slice(0, 12)}`;
    const net = await payInvoice(platform, account.id, { id: invoiceId, grossCents: 1000, processorFeeCents: 59, platformFeeCents: 100, paidAt: window.start });
    const periodId = await database.transaction(async (tx) => {
      const { pieId } = await createPie(tx, {
        fanId: account.id,
        subscriptionId: `sub_${randomUUID().slice(0, 12)}`,
        promo: false,
        settings: defaultSettings,
        firstPeriod: { startsAt: window.start, endsAt: window.end },
      });
      return (await openPeriod(tx, pieId, { startsAt: window.start, endsAt: window.end }, { invoiceId, fundedCents: net })).periodId;
    });
    await database.transaction((tx) => closePiePeriod(tx, periodId));
    fans.push(account);
    return account;
  }

  const insights = (cookies: Record<string, string>, id = claimId) => platform.request('GET', `/api/for-artists/claims/${id}/insights`, { cookies });

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'artist-insights', stripe: true });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);

    artist = await makeCatalogueArtist(sql, 'Insights Artist');
    const other = await makeCatalogueArtist(sql, 'Insights Other');
    tracks.solo = await makeTrack(sql, [artist.id], { name: 'Solo Song' });
    tracks.shared = await makeTrack(sql, [artist.id, other.id], { name: 'Shared Song' });
    tracks.other = await makeTrack(sql, [other.id], { name: 'Other Song' });

    // Five fans in Germany before the claim: their money waits in escrow.
    for (let i = 0; i < 5; i++) {
      await fundingFan({ start: oldStart, end: oldEnd }, [
        { track: tracks.solo, minutes: 3 + i },
        { track: tracks.other, minutes: 2 },
      ], 'DE');
    }
    // One of them made their profile public; the insights name nobody all the same.
    await sql.query(`insert into listening.fan_profiles (fan_id, username, profile_public) values ($1, 'public_funder', true)`, [fans[0]!.id]);

    // The office claims the artist and connects Stripe: the escrow is released at claim.
    office = await officeAdmin(platform, sql, 'Insights Office');
    claimId = await verifyClaim(platform, office, artist);
    await enableStripe(platform, sql, office);
    await platform.settled();

    // Two more fans after the claim (one in the US, one whose country Pie does not know), both on the shared track;
    // the second also played the artist after its period ended: listening nobody paid for.
    await fundingFan({ start: newStart, end: newEnd }, [{ track: tracks.shared, minutes: 6 }], 'US');
    const late = await fundingFan({ start: newStart, end: newEnd }, [{ track: tracks.shared, minutes: 4 }], null);
    await seedPlays(platform, late.id, [{ track: tracks.solo, at: new Date(newEnd.getTime() + 3_600_000), ms: 30 * 60_000 }]);
    await platform.settled();
  }, 240_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it('every figure is the ledger’s own, to the cent', async () => {
    const response = await insights(office.cookies);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const view = response.body.data;
    const escrow = `artist_escrow:${artist.id}`;
    const received = await postings(escrow, 'pie_period_closed');
    const released = -(await postings(escrow, 'escrow_released'));
    expect(received).toBeGreaterThan(0);
    expect(released).toBe(received); // both releases emptied the escrow
    expect(view.totals).toEqual({
      receivedCents: received,
      releasedToOfficeCents: released,
      returnedToFansCents: 0,
      waitingInEscrowCents: Number(await sql.value<string>(`select balance_cents from ledger.accounts where code = $1`, [escrow])),
    });
    // What the office's earnings got from this artist is what left its escrow.
    expect(await postings(`office_earnings:${office.officeId}`, 'escrow_released')).toBe(released);

    // Per month: the two months the closes fell in, each the ledger's sum over that month.
    const month = (date: Date) => date.toISOString().slice(0, 7);
    const oldFans = fans.slice(0, 5).map((fan) => fan.id);
    const newFans = fans.slice(5).map((fan) => fan.id);
    const byMonth = Object.fromEntries(view.months.map((row: { month: string }) => [row.month, row]));
    expect(Object.keys(byMonth).sort()).toEqual(expect.arrayContaining([month(oldEnd), month(newEnd)]));
    expect(byMonth[month(oldEnd)]).toMatchObject({ receivedCents: await postings(escrow, 'pie_period_closed', oldFans), fans: 5 });
    expect(byMonth[month(newEnd)]).toMatchObject({ receivedCents: await postings(escrow, 'pie_period_closed', newFans), fans: 'fewer than 5' });
    const sum = (rows: Record<string, number>[], key: string) => rows.reduce((total, row) => total + row[key]!, 0);
    expect(sum(view.months, 'receivedCents')).toBe(received);
    expect(sum(view.months, 'releasedToOfficeCents')).toBe(released);

    // Funding fans: seven (not masked). Per country: the US fan and the one of unknown country are two, too few for a
    // row, and Germany's five with them would leave those two as the difference — so all seven are one row.
    expect(view.fans).toBe(7);
    expect(view.countries).toEqual([{ country: null, receivedCents: received, fans: 7 }]);
    expect(sum(view.countries, 'receivedCents')).toBe(received);

    // Released at claim: the first release, the five fans' money that waited.
    expect(view.releaseAtClaim).toMatchObject({ releasedCents: await postings(escrow, 'pie_period_closed', oldFans), fans: 5 });
    expect(view.claimVerifiedAt).not.toBeNull();
  });

  it('the tracks are the listening the closes paid for, divided among credited artists as the split divides it', async () => {
    const view = (await insights(office.cookies)).body.data;
    // Solo Song: 3+4+5+6+7 minutes by five fans (the late play after a period's end is not paid listening).
    // Shared Song: (6 + 4) minutes by two fans, half of it the artist's.
    expect(view.tracks).toEqual([
      { trackId: tracks.solo.id, name: 'Solo Song', listenedMs: 25 * 60_000, fans: 5 },
      { trackId: tracks.shared.id, name: 'Shared Song', listenedMs: 5 * 60_000, fans: 'fewer than 5' },
    ]);
    expect(view.paidListeningMs).toBe(30 * 60_000);
  });

  it('names no fan, not even one whose profile is public, and shows small counts only as "fewer than 5"', async () => {
    const response = await insights(office.cookies);
    const text = JSON.stringify(response.body);
    for (const fan of fans) {
      expect(text).not.toContain(fan.id);
      expect(text).not.toContain(fan.email);
    }
    expect(text).not.toContain('public_funder');
    // No count from 1 to 4 anywhere in the answer: every "fans" is a number ≥ 5 or the phrase.
    const counts: unknown[] = [];
    JSON.parse(text, (key, value) => {
      if (key === 'fans') counts.push(value);
      return value;
    });
    expect(counts.length).toBeGreaterThan(5);
    for (const count of counts) expect(count === 'fewer than 5' || (typeof count === 'number' && (count === 0 || count >= 5)), String(count)).toBe(true);
  });

  it('no count of 1 to 4 fans can be had by subtraction: the total less the countries shown is never a small group', async () => {
    const view = (await insights(office.cookies)).body.data;
    expect(view.fans).toBe(7);
    const shown = view.countries.filter((row: { fans: unknown }) => typeof row.fans === 'number');
    const masked = view.countries.filter((row: { fans: unknown }) => typeof row.fans !== 'number');
    const rest = view.fans - shown.reduce((total: number, row: { fans: number }) => total + row.fans, 0);
    // Whatever the rows not counted stand for together, it is nobody or at least five fans.
    expect(rest === 0 || rest >= 5, `masked rows ${JSON.stringify(masked)} stand for exactly ${rest} fans`).toBe(true);
    // And no row's money is one small group's: every country row stands for five fans or more.
    for (const row of view.countries) expect(row.fans, JSON.stringify(row)).not.toBe('fewer than 5');
  });

  it('an artist claimed before any fan paid has had nothing released at claim, even once its first shares are released', async () => {
    const early = await makeCatalogueArtist(sql, 'Claimed Early');
    const song = await makeTrack(sql, [early.id], { name: 'Early Song' });
    // The office can receive transfers already: the claim's release finds an empty escrow.
    const earlyClaimId = await verifyClaim(platform, office, early);
    await platform.settled();
    await fundingFan({ start: newStart, end: newEnd }, [{ track: song, minutes: 5 }], 'FR');
    await platform.settled();
    const view = (await insights(office.cookies, earlyClaimId)).body.data;
    expect(view.totals.receivedCents).toBeGreaterThan(0);
    expect(view.totals.releasedToOfficeCents).toBe(view.totals.receivedCents);
    // The one fan's share went out after the claim, as every later share does: not "waiting when the claim was verified".
    expect(view.releaseAtClaim).toBeNull();
  });

  it('money taken back from the escrow — a refund, a dispute and one won back, an expiry — is returned to fans, to the cent, in its month', async () => {
    // An office that cannot receive transfers yet: the fans' money waits in its artist's escrow.
    const waiting = await officeAdmin(platform, sql, 'Waiting Office');
    const held = await makeCatalogueArtist(sql, 'Held Artist');
    const song = await makeTrack(sql, [held.id], { name: 'Held Song' });
    const heldClaimId = await verifyClaim(platform, waiting, held);
    const funders: TestAccount[] = [];
    for (let i = 0; i < 5; i++) funders.push(await fundingFan({ start: oldStart, end: oldEnd }, [{ track: song, minutes: 2 + i }], i < 3 ? 'SE' : null));
    await platform.settled();
    const escrow = `artist_escrow:${held.id}`;
    const ledger = platform.api.get(Ledger);
    const post = (kind: JournalKind, fanId: string, cents: number, at: Date) =>
      ledger.post({ kind, idempotencyKey: `review-${kind}:${fanId}:${cents}`, occurredAt: at, references: { fanId }, postings: [{ account: escrow, amountCents: cents, fanId }, { account: accounts.stripeClearing, amountCents: -cents }] });
    await post('refund', funders[0]!.id, -100, newEnd);
    await post('dispute', funders[1]!.id, -50, newEnd);
    await post('dispute_won', funders[1]!.id, 50, newEnd);
    await post('escrow_expired', funders[2]!.id, -7, oldEnd);

    const view = (await insights(waiting.cookies, heldClaimId)).body.data;
    const received = await postings(escrow, 'pie_period_closed');
    expect(view.totals).toEqual({
      receivedCents: received,
      releasedToOfficeCents: 0,
      returnedToFansCents: 107,
      waitingInEscrowCents: Number(await sql.value<string>(`select balance_cents from ledger.accounts where code = $1`, [escrow])),
    });
    expect(view.totals.waitingInEscrowCents).toBe(received - 107);
    const month = (date: Date) => date.toISOString().slice(0, 7);
    const returned = Object.fromEntries(view.months.map((row: { month: string; returnedToFansCents: number }) => [row.month, row.returnedToFansCents]));
    if (month(oldEnd) === month(newEnd)) expect(returned[month(newEnd)]).toBe(107);
    else expect([returned[month(oldEnd)], returned[month(newEnd)]]).toEqual([7, 100]);
    // What the fans' pies gave is what they gave, whatever came back since; nothing was released at claim.
    expect(view.countries).toEqual([{ country: null, receivedCents: received, fans: 5 }]);
    expect(view.releaseAtClaim).toBeNull();
  });

  it('only the office’s admins and the members assigned the artist may read it; others, another office and strangers are refused', async () => {
    const assigned = await addMember(platform, sql, office, 'member');
    await sql.query(`insert into offices.member_artists (office_id, user_id, artist_id) values ($1, $2, $3)`, [office.officeId, assigned.account.id, artist.id]);
    const unassigned = await addMember(platform, sql, office, 'member');
    const otherOffice = await officeAdmin(platform, sql, 'Another Office');

    expect((await insights(assigned.cookies)).status).toBe(200);
    expect((await insights(unassigned.cookies)).status).toBe(404);
    const refused = await insights(otherOffice.cookies);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('Insights Artist');
    expect((await insights({})).status).toBe(401);
    expect((await insights(office.cookies, 'not-an-id')).status).toBe(400);
    expect((await insights(office.cookies, randomUUID())).status).toBe(404);

    // Sessions of another kind are refused before any claim is looked at.
    const fan = await makeAccount(sql, 'fan');
    expect((await insights((await logIn(platform, fan)).cookies)).status).toBe(401);
    const admin = await makeAccount(sql, 'admin');
    expect([401, 403]).toContain((await insights((await logIn(platform, admin)).cookies)).status);
    // A member removed from the office loses the claim with the membership.
    const removed = await addMember(platform, sql, office, 'admin');
    expect((await insights(removed.cookies)).status).toBe(200);
    const removal = await platform.request('DELETE', `/api/for-artists/offices/${office.officeId}/members/${encodeURIComponent(removed.account.email)}`, { cookies: office.cookies });
    expect(removal.status, JSON.stringify(removal.body)).toBeLessThan(300);
    expect((await insights(removed.cookies)).status).toBe(404);
    // Query strings change nothing; a malformed id is a 400, never a 500.
    expect((await platform.request('GET', `/api/for-artists/claims/${claimId}/insights?artistId=${randomUUID()}&officeId=x`, { cookies: office.cookies })).status).toBe(200);
    for (const bad of ['%00', `${claimId}x`, '1', "'%20or%201=1"]) expect((await insights(office.cookies, bad)).status, bad).toBe(400);

    // A claim not verified yet has no insights: a clear 409, not figures.
    const pending = await makeClaim(platform, office, (await makeCatalogueArtist(sql, 'Pending Artist')).id);
    const notYet = await insights(office.cookies, pending.id);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toMatch(/once the claim on this artist is verified/);
    // Nor a rejected one: the id is checked against its state, not only its office.
    await sql.query(`update claims.claims set status = 'rejected' where id = $1`, [pending.id]);
    expect((await insights(office.cookies, pending.id)).status).toBe(409);
  });
});
