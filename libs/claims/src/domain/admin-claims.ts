import { sql } from 'kysely';
import type { AdminClaimDetails, AdminClaimRow, AdminClaimsQuery, ClaimStatus, Pagination } from '#pie/contracts';
import { artistUserCards } from '#pie/identity';
import { artistFacts } from '#pie/listening';
import { officeNames } from '#pie/offices';
import { containsPattern, pagination, textArray, type Database, type EntityManager, type ListSource } from '#pie/platform';
import { claimsDb } from '../db/claims-db.js';
import type { ArtistPages } from './artist-pages.js';
import { createArtistInvite } from './artist-invites.js';
import { alreadyClaimed, claimNotFound, inviteInvalid } from './claims.errors.js';
import { stepsTo } from './claim-status.js';
import { changeStatus, loadClaim } from './claims-store.js';

/*
 * The back office's view of claims (the admin module reads this facade, never the tables): lists
 * and details across every office, and the admin's transitions through the same table of allowed
 * moves and the same `changeStatus` as an office's own (so a manual verification emits
 * `claims.claim-verified.v1` like any other). Each admin command runs in claims' own transaction
 * and records the admin as the actor of the claim's history rows; the admin module writes its audit
 * row once the command has committed.
 *
 * The names a row shows (artist, office, the claiming account's e-mail) belong to listening, offices
 * and identity: they are asked of those modules' facades, batched, never joined in SQL. A search by
 * name and the sort by artist name need them for every claim: then the names of the claims' distinct
 * artists, offices and accounts are asked once and handed to the query as arrays, so filtering,
 * sorting and paging stay in the database.
 */

const UNKNOWN_ARTIST = '(unknown artist)';
const DELETED_OFFICE = '(deleted office)';

/** The names of the given artists, offices and artist accounts, from their modules' facades. */
interface Names {
  artists: Map<string, string>;
  offices: Map<string, string>;
  emails: Map<string, string>;
}

async function namesOf(em: EntityManager, ids: { artists: readonly string[]; offices: readonly string[]; users: readonly string[] }): Promise<Names> {
  const unique = (values: readonly string[]) => [...new Set(values)];
  const [artists, offices, users] = await Promise.all([artistFacts(em, unique(ids.artists)), officeNames(em, unique(ids.offices)), artistUserCards(em, unique(ids.users))]);
  return {
    artists: new Map(artists.map((artist) => [artist.id, artist.name])),
    offices,
    emails: new Map([...users.values()].map((user) => [user.id, user.email])),
  };
}

/**
 * A name table as a derived table `(id, name)` the query joins: the ids and names as two bound
 * array literals (`textArray`: a JS array as a parameter would be expanded into a list by MikroORM).
 */
const nameTable = (names: Map<string, string>) =>
  sql<{ id: string; name: string }>`(select unnest(${textArray([...names.keys()])}::uuid[]) as id, unnest(${textArray([...names.values()])}::text[]) as name)`;

const CLAIM_ROW_COLUMNS = ['c.id', 'c.status', 'c.artist_id', 'c.office_id', 'c.created_by', 'c.verification_method', 'c.created_at', 'c.updated_at', 'c.verified_at'] as const;

interface ClaimRowRecord {
  id: string;
  status: string;
  artist_id: string;
  office_id: string;
  created_by: string;
  verification_method: string;
  created_at: string;
  updated_at: string;
  verified_at: string | null;
}

const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);

/** The one mapper from a claim's row and its names to the back office's row. */
function toAdminClaimRow(row: ClaimRowRecord, names: Names): AdminClaimRow {
  return {
    id: row.id,
    status: row.status,
    artistId: row.artist_id,
    artistName: names.artists.get(row.artist_id) ?? UNKNOWN_ARTIST,
    officeId: row.office_id,
    officeName: names.offices.get(row.office_id) ?? DELETED_OFFICE,
    claimedBy: names.emails.get(row.created_by) ?? '',
    claimedById: row.created_by,
    verificationMethod: row.verification_method,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    verifiedAt: iso(row.verified_at),
  };
}

const namesOfRows = (em: EntityManager, rows: readonly ClaimRowRecord[]) =>
  namesOf(em, { artists: rows.map((row) => row.artist_id), offices: rows.map((row) => row.office_id), users: rows.map((row) => row.created_by) });

export async function adminClaimsPage(em: EntityManager, query: AdminClaimsQuery): Promise<{ items: AdminClaimRow[]; pagination: Pagination }> {
  const db = claimsDb(em);
  const byName = Boolean(query.search) || query.sortBy === 'artistName';
  // Searching or sorting by a name: the names of every claim's artist, office and account, once.
  let everyName: Names | null = null;
  if (byName) {
    const ids = await db
      .selectFrom('claims.claims')
      .select(['artist_id', 'office_id', 'created_by'])
      .$if(query.status !== undefined, (q) => q.where('status', '=', query.status!))
      .execute();
    everyName = await namesOf(em, { artists: ids.map((row) => row.artist_id), offices: ids.map((row) => row.office_id), users: ids.map((row) => row.created_by) });
  }
  const base = db
    .selectFrom('claims.claims as c')
    .$if(everyName !== null, (q) =>
      q
        .leftJoin(nameTable(everyName!.artists).as('a'), 'a.id', 'c.artist_id')
        .leftJoin(nameTable(everyName!.offices).as('o'), 'o.id', 'c.office_id')
        .leftJoin(nameTable(everyName!.emails).as('u'), 'u.id', 'c.created_by'),
    )
    .$if(query.status !== undefined, (q) => q.where('c.status', '=', query.status!))
    .$if(Boolean(query.search), (q) => {
      const pattern = containsPattern(query.search!);
      return q.where(sql<boolean>`(a.name ilike ${pattern} or o.name ilike ${pattern} or u.name ilike ${pattern})`.$castTo<boolean>());
    });
  const direction = query.sortOrder === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const orderBy = {
    createdAt: sql`c.created_at`,
    updatedAt: sql`c.updated_at`,
    status: sql`c.status`,
    artistName: sql`lower(coalesce(a.name, ${UNKNOWN_ARTIST}))`,
  }[query.sortBy];
  const rows = await base
    .select([...CLAIM_ROW_COLUMNS, sql<string>`count(*) over ()`.as('total')])
    .orderBy(sql`${orderBy} ${direction}`)
    .orderBy('c.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.page > 1) total = Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  const names = everyName ?? (await namesOfRows(em, rows));
  return { items: rows.map((row) => toAdminClaimRow(row, names)), pagination: pagination(query.page, query.limit, total) };
}

async function adminClaimRows(em: EntityManager, claimIds: readonly string[]): Promise<Map<string, AdminClaimRow>> {
  if (claimIds.length === 0) return new Map();
  const rows = await claimsDb(em).selectFrom('claims.claims as c').select(CLAIM_ROW_COLUMNS).where('c.id', 'in', claimIds).execute();
  const names = await namesOfRows(em, rows);
  return new Map(rows.map((row) => [row.id, toAdminClaimRow(row, names)]));
}

/**
 * One claim for the admin's review: its history, the fans' reports, and the proof to check by hand —
 * the artist's profile page (where the string goes) and the pages and accounts the last attempt read.
 * Without `pages` (inside the claims' own transitions) the profile's address is left out.
 */
export async function adminClaimDetails(em: EntityManager, claimId: string, pages?: ArtistPages): Promise<AdminClaimDetails> {
  const row = (await adminClaimRows(em, [claimId])).get(claimId);
  if (!row) throw claimNotFound();
  const claim = (await loadClaim(em, claimId))!;
  const [artist] = await artistFacts(em, [claim.artistId]);
  const db = claimsDb(em);
  const history = await db.selectFrom('claims.claim_status_changes').select(['from_status', 'to_status', 'at', 'reason']).where('claim_id', '=', claimId).orderBy('at').orderBy('id').execute();
  const reports = await db.selectFrom('claims.reports').select(['id', 'reason', 'created_at']).where('claim_id', '=', claimId).orderBy('created_at', 'desc').execute();
  return {
    ...row,
    verificationString: claim.verificationString,
    platform: claim.platform,
    lastAttempt: claim.lastAttemptAt ? { at: claim.lastAttemptAt.toISOString(), ok: Boolean(claim.lastAttemptOk), message: claim.lastAttemptMessage } : null,
    proof: { profileUrl: artist && pages ? (pages.linkSource(artist)?.url ?? null) : null, checked: claim.lastAttemptProof?.pages ?? [] },
    history: history.map((change) => ({ from: change.from_status, to: change.to_status, at: iso(change.at)!, reason: change.reason })),
    reports: reports.map((report) => ({ id: String(report.id), reason: report.reason, createdAt: iso(report.created_at)! })),
  };
}

/** The claim's status before and after an admin's command. */
export interface AdminClaimChange {
  before: AdminClaimDetails;
  after: AdminClaimDetails;
}

/**
 * An admin moves a claim (allowed moves only), in claims' own transaction; the history row names
 * the admin. Answers the claim before and after (the admin module audits them).
 */
export function adminChangeClaimStatus(database: Database, claimId: string, to: ClaimStatus, adminId: string, reason: string | null): Promise<AdminClaimChange> {
  return database.transaction(async (tx) => {
    const claim = await loadClaim(tx, claimId, { lock: true });
    if (!claim) throw claimNotFound();
    const before = await adminClaimDetails(tx, claimId);
    await withOneSuccessPerArtist(() => changeStatus(tx, claim, to, { kind: 'admin', id: adminId }, reason));
    return { before, after: await adminClaimDetails(tx, claimId) };
  });
}

/**
 * An admin verifies a claim by hand (having checked the proof themselves): pending → verifying →
 * successful through the allowed moves, each recorded with the admin as actor, in claims' own transaction.
 */
export function adminVerifyClaim(database: Database, claimId: string, adminId: string, note: string | null): Promise<AdminClaimChange> {
  return database.transaction(async (tx) => {
    const claim = await loadClaim(tx, claimId, { lock: true });
    if (!claim) throw claimNotFound();
    const before = await adminClaimDetails(tx, claimId);
    const actor = { kind: 'admin' as const, id: adminId };
    const reason = note ? `manual verification: ${note}` : 'manual verification';
    await withOneSuccessPerArtist(async () => {
      let moved = claim;
      for (const step of stepsTo(claim.status, 'successful')) moved = await changeStatus(tx, moved, step, actor, reason);
    });
    // The last attempt says who verified it (the proof the previous attempt read stays).
    await claimsDb(tx).updateTable('claims.claims').set({ last_attempt_at: sql`now()`, last_attempt_ok: true, last_attempt_message: reason }).where('id', '=', claimId).execute();
    return { before, after: await adminClaimDetails(tx, claimId) };
  });
}

/** Another office already holds the artist's successful claim: the partial unique index says so. */
async function withOneSuccessPerArtist<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (String((error as Error).message).includes('claims_one_successful_per_artist')) throw alreadyClaimed();
    throw error;
  }
}

export interface AdminInviteRow {
  id: string;
  artistId: string;
  artistName: string;
  createdAt: string;
  expiresAt: string;
  redeemedAt: string | null;
  status: 'open' | 'expired' | 'redeemed';
}

export async function adminInvitesPage(em: EntityManager, page: { page: number; limit: number }): Promise<{ items: AdminInviteRow[]; pagination: Pagination }> {
  const base = claimsDb(em).selectFrom('claims.artist_invites');
  const rows = await base
    .select(['id', 'artist_id', 'created_at', 'expires_at', 'redeemed_at', sql<string>`count(*) over ()`.as('total')])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page.page > 1) total = Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  const names = new Map((await artistFacts(em, [...new Set(rows.map((row) => row.artist_id))])).map((artist) => [artist.id, artist.name]));
  const now = Date.now();
  return {
    items: rows.map((row) => ({
      id: row.id,
      artistId: row.artist_id,
      artistName: names.get(row.artist_id) ?? UNKNOWN_ARTIST,
      createdAt: iso(row.created_at)!,
      expiresAt: iso(row.expires_at)!,
      redeemedAt: iso(row.redeemed_at),
      status: row.redeemed_at ? 'redeemed' : new Date(row.expires_at).getTime() < now ? 'expired' : 'open',
    })),
    pagination: pagination(page.page, page.limit, total),
  };
}

/** A new invite for the artist, in claims' own transaction; the token is shown once (only its hash is kept). */
export function adminGenerateInvite(database: Database, artistId: string): Promise<{ id: string; token: string; expiresAt: Date }> {
  return database.transaction((tx) => createArtistInvite(tx, artistId));
}

/** Deletes an unredeemed invite, in claims' own transaction; answers what it was (404 when there is no such open invite). */
export async function adminDeleteInvite(database: Database, inviteId: string): Promise<AdminInviteRow> {
  const row = await database.transaction((tx) =>
    claimsDb(tx).deleteFrom('claims.artist_invites').where('id', '=', inviteId).where('redeemed_at', 'is', null).returning(['id', 'artist_id', 'created_at', 'expires_at']).executeTakeFirst(),
  );
  if (!row) throw inviteInvalid();
  return { id: row.id, artistId: row.artist_id, artistName: '', createdAt: iso(row.created_at)!, expiresAt: iso(row.expires_at)!, redeemedAt: null, status: 'open' };
}

/** Claims by status, for the dashboard. */
export async function claimCountsByStatus(em: EntityManager): Promise<Record<string, number>> {
  const rows = await claimsDb(em).selectFrom('claims.claims').select(['status', sql<number>`count(*)::int`.as('n')]).groupBy('status').execute();
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** Each artist with a successful claim, once (`distinct`): a list source (the admin's artist list's "claimed"). */
export function claimedArtistListing(em: EntityManager): ListSource<{ artistId: string }> {
  return claimsDb(em).selectFrom('claims.claims').select('artist_id as artistId').distinct().where('status', '=', 'successful');
}

/** The successful claim of each of these artists (artist id → claim), for the admin's artist pages. */
export async function successfulClaimsOf(em: EntityManager, artistIds: string[]): Promise<Map<string, { id: string; officeId: string; status: string }>> {
  if (artistIds.length === 0) return new Map();
  const rows = await claimsDb(em)
    .selectFrom('claims.claims')
    .distinctOn('artist_id')
    .select(['id', 'artist_id', 'office_id', 'status'])
    .where('artist_id', 'in', artistIds)
    .orderBy('artist_id')
    .orderBy(sql`(status = 'successful')`, 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.artist_id, { id: row.id, officeId: row.office_id, status: row.status }]));
}

/** Claims by id as the back office names them: the artist and the office. */
export async function adminClaimNames(em: EntityManager, claimIds: readonly string[]): Promise<Map<string, { artistName: string; officeName: string }>> {
  const rows = await adminClaimRows(em, claimIds);
  return new Map([...rows].map(([id, row]) => [id, { artistName: row.artistName, officeName: row.officeName }]));
}
