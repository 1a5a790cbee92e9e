import type { AdminClaimDetails, AdminClaimRow, AdminClaimsQuery, ClaimStatus, Pagination } from '#pie/contracts';
import { containsPattern, pageOf, type EntityManager } from '#pie/platform';
import { artistFacts } from '#pie/listening';
import type { ArtistPages } from './artist-pages.js';
import { createArtistInvite } from './artist-invites.js';
import { alreadyClaimed, claimNotFound, inviteInvalid } from './claims.errors.js';
import { stepsTo } from './claim-status.js';
import { changeStatus, loadClaim } from './claims-store.js';

/*
 * The back office's view of claims (the admin module reads this facade, never the tables): lists
 * and details across every office, and the admin's transitions through the same table of allowed
 * moves and the same `changeStatus` as an office's own (so a manual verification emits
 * `claims.claim-verified.v1` like any other).
 */

const ROW_SQL = `select c.id, c.status, c.artist_id as "artistId", coalesce(a.name, '(unknown artist)') as "artistName", c.office_id as "officeId",
                        coalesce(o.name, '(deleted office)') as "officeName", coalesce(u.email, '') as "claimedBy", c.created_by as "claimedById", c.verification_method as "verificationMethod",
                        c.created_at as "createdAt", c.updated_at as "updatedAt", c.verified_at as "verifiedAt"
                   from claims.claims c
                   left join listening.artists a on a.id = c.artist_id
                   left join offices.offices o on o.id = c.office_id
                   left join identity.artist_users u on u.id = c.created_by`;

const SORTS: Record<AdminClaimsQuery['sortBy'], string> = { createdAt: '"createdAt"', updatedAt: '"updatedAt"', status: 'status', artistName: 'lower("artistName")' };

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const toRow = (row: Record<string, unknown>): AdminClaimRow => ({ ...(row as unknown as AdminClaimRow), createdAt: iso(row.createdAt)!, updatedAt: iso(row.updatedAt)!, verifiedAt: iso(row.verifiedAt) });

export async function adminClaimsPage(em: EntityManager, query: AdminClaimsQuery): Promise<{ items: AdminClaimRow[]; pagination: Pagination }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.status) {
    where.push('c.status = ?');
    params.push(query.status);
  }
  if (query.search) {
    where.push(`(a.name ilike ? or o.name ilike ? or u.email ilike ?)`);
    const pattern = containsPattern(query.search);
    params.push(pattern, pattern, pattern);
  }
  const { rows, pagination } = await pageOf<Record<string, unknown>>(em, {
    sql: `${ROW_SQL}${where.length ? ` where ${where.join(' and ')}` : ''}`,
    params,
    orderBy: `${SORTS[query.sortBy]} ${query.sortOrder}, id`,
    page: query.page,
    limit: query.limit,
  });
  return { items: rows.map(toRow), pagination };
}

/**
 * One claim for the admin's review: its history, the fans' reports, and the proof to check by hand —
 * the artist's profile page (where the string goes) and the pages and accounts the last attempt read.
 * Without `pages` (inside the claims' own transitions) the profile's address is left out.
 */
export async function adminClaimDetails(em: EntityManager, claimId: string, pages?: ArtistPages): Promise<AdminClaimDetails> {
  const [row] = await em.execute<Record<string, unknown>[]>(`${ROW_SQL} where c.id = ?`, [claimId]);
  if (!row) throw claimNotFound();
  const claim = (await loadClaim(em, claimId))!;
  const [artist] = await artistFacts(em, [claim.artist_id]);
  const history = await em.execute<{ from_status: string | null; to_status: string; at: Date; reason: string | null }[]>(
    `select from_status, to_status, at, reason from claims.claim_status_changes where claim_id = ? order by at, id`,
    [claimId],
  );
  const reports = await em.execute<{ id: string; reason: string; created_at: Date }[]>(`select id, reason, created_at from claims.reports where claim_id = ? order by created_at desc`, [claimId]);
  return {
    ...toRow(row),
    verificationString: claim.verification_string,
    platform: claim.platform,
    lastAttempt: claim.last_attempt_at ? { at: iso(claim.last_attempt_at)!, ok: Boolean(claim.last_attempt_ok), message: claim.last_attempt_message } : null,
    proof: { profileUrl: artist && pages ? (pages.linkSource(artist)?.url ?? null) : null, checked: claim.last_attempt_proof?.pages ?? [] },
    history: history.map((change) => ({ from: change.from_status, to: change.to_status, at: iso(change.at)!, reason: change.reason })),
    reports: reports.map((report) => ({ id: String(report.id), reason: report.reason, createdAt: iso(report.created_at)! })),
  };
}

/** An admin moves a claim (allowed moves only); answers the claim before and after. */
export async function adminChangeClaimStatus(tx: EntityManager, claimId: string, to: ClaimStatus, adminId: string, reason: string | null): Promise<{ before: AdminClaimDetails; after: AdminClaimDetails }> {
  const claim = await loadClaim(tx, claimId, { lock: true });
  if (!claim) throw claimNotFound();
  const before = await adminClaimDetails(tx, claimId);
  await withOneSuccessPerArtist(() => changeStatus(tx, claim, to, { kind: 'admin', id: adminId }, reason));
  return { before, after: await adminClaimDetails(tx, claimId) };
}

/**
 * An admin verifies a claim by hand (having checked the proof themselves): pending → verifying →
 * successful through the allowed moves, each recorded with the admin as actor.
 */
export async function adminVerifyClaim(tx: EntityManager, claimId: string, adminId: string, note: string | null): Promise<{ before: AdminClaimDetails; after: AdminClaimDetails }> {
  const claim = await loadClaim(tx, claimId, { lock: true });
  if (!claim) throw claimNotFound();
  const before = await adminClaimDetails(tx, claimId);
  const actor = { kind: 'admin' as const, id: adminId };
  const reason = note ? `manual verification: ${note}` : 'manual verification';
  await withOneSuccessPerArtist(async () => {
    let moved = claim;
    for (const step of stepsTo(claim.status, 'successful')) moved = await changeStatus(tx, moved, step, actor, reason);
  });
  await tx.execute(`update claims.claims set last_attempt_at = now(), last_attempt_ok = true, last_attempt_message = ? where id = ?`, [reason, claimId]);
  return { before, after: await adminClaimDetails(tx, claimId) };
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
  const { rows, pagination } = await pageOf<Record<string, unknown>>(em, {
    sql: `select i.id, i.artist_id as "artistId", coalesce(a.name, '(unknown artist)') as "artistName", i.created_at as "createdAt", i.expires_at as "expiresAt", i.redeemed_at as "redeemedAt"
            from claims.artist_invites i left join listening.artists a on a.id = i.artist_id`,
    params: [],
    orderBy: '"createdAt" desc, id',
    page: page.page,
    limit: page.limit,
  });
  const now = Date.now();
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      artistId: String(row.artistId),
      artistName: String(row.artistName),
      createdAt: iso(row.createdAt)!,
      expiresAt: iso(row.expiresAt)!,
      redeemedAt: iso(row.redeemedAt),
      status: row.redeemedAt ? 'redeemed' : new Date(row.expiresAt as string).getTime() < now ? 'expired' : 'open',
    })),
    pagination,
  };
}

/** A new invite for the artist; the token is shown once (only its hash is kept). */
export async function adminGenerateInvite(tx: EntityManager, artistId: string): Promise<{ id: string; token: string; expiresAt: Date }> {
  return createArtistInvite(tx, artistId);
}

/** Deletes an unredeemed invite; answers what it was (null: no such invite). */
export async function adminDeleteInvite(tx: EntityManager, inviteId: string): Promise<AdminInviteRow> {
  const [row] = await tx.execute<{ id: string; artist_id: string; created_at: Date; expires_at: Date; redeemed_at: Date | null }[]>(
    `delete from claims.artist_invites where id = ? and redeemed_at is null returning id, artist_id, created_at, expires_at, redeemed_at`,
    [inviteId],
  );
  if (!row) throw inviteInvalid();
  return { id: row.id, artistId: row.artist_id, artistName: '', createdAt: iso(row.created_at)!, expiresAt: iso(row.expires_at)!, redeemedAt: null, status: 'open' };
}

/** Claims by status, for the dashboard. */
export async function claimCountsByStatus(em: EntityManager): Promise<Record<string, number>> {
  const rows = await em.execute<{ status: string; n: number }[]>(`select status, count(*)::int as n from claims.claims group by status`);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** The successful claim of each of these artists (artist id → claim), for the admin's artist pages. */
export async function successfulClaimsOf(em: EntityManager, artistIds: string[]): Promise<Map<string, { id: string; officeId: string; status: string }>> {
  if (artistIds.length === 0) return new Map();
  const rows = await em.execute<{ id: string; artist_id: string; office_id: string; status: string }[]>(
    `select distinct on (artist_id) id, artist_id, office_id, status from claims.claims where artist_id = any(?::uuid[]) order by artist_id, (status = 'successful') desc, created_at desc`,
    [`{${artistIds.join(',')}}`],
  );
  return new Map(rows.map((row) => [row.artist_id, { id: row.id, officeId: row.office_id, status: row.status }]));
}

/** Claims by id as the back office names them: the artist and the office. */
export async function adminClaimNames(em: EntityManager, claimIds: readonly string[]): Promise<Map<string, { artistName: string; officeName: string }>> {
  if (claimIds.length === 0) return new Map();
  const rows = await em.execute<{ id: string; artistName: string; officeName: string }[]>(`${ROW_SQL} where c.id = any(?::uuid[])`, [`{${claimIds.join(',')}}`]);
  return new Map(rows.map((row) => [row.id, { artistName: row.artistName, officeName: row.officeName }]));
}
