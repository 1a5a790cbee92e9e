import { createHmac } from 'node:crypto';
import type { ClaimDetailed, ClaimStatus, ClaimStatusChange, ClaimSummary, SocialPlatform } from '#pie/contracts';
import { artistFacts, type ArtistFacts } from '#pie/listening';
import { canWorkOnArtist, membershipOf, officeCard, type Membership } from '#pie/offices';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { sql, type Selectable } from 'kysely';
import { claimsDb } from '../db/claims-db.js';
import type { ClaimsClaims } from '../db/tables.generated.js';
import { ClaimRejected } from '../events/claim-rejected.event.js';
import { ClaimVerified } from '../events/claim-verified.event.js';
import { assertTransition, OPEN_CLAIM_STATUSES } from './claim-status.js';
import { adminOnly, claimNotFound } from './claims.errors.js';

/** A claim as the module works with it (rows become this in `toClaim`, the one mapper). */
export interface Claim {
  id: string;
  officeId: string;
  artistId: string;
  status: ClaimStatus;
  verificationMethod: ClaimSummary['verificationMethod'];
  platform: SocialPlatform | null;
  verificationString: string;
  createdAt: Date;
  verifiedAt: Date | null;
  lastAttemptAt: Date | null;
  lastAttemptOk: boolean | null;
  lastAttemptMessage: string | null;
  lastAttemptProof: AttemptProof | null;
}

export interface Actor {
  kind: 'artist' | 'admin' | 'system';
  id: string | null;
}

const CLAIM_COLUMNS = [
  'id',
  'office_id',
  'artist_id',
  'status',
  'verification_method',
  'platform',
  'verification_string',
  'created_at',
  'verified_at',
  'last_attempt_at',
  'last_attempt_ok',
  'last_attempt_message',
  'last_attempt_proof',
] as const;

type ClaimRecord = Pick<Selectable<ClaimsClaims>, (typeof CLAIM_COLUMNS)[number]>;

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

function toClaim(row: ClaimRecord): Claim {
  return {
    id: row.id,
    officeId: row.office_id,
    artistId: row.artist_id,
    status: row.status,
    verificationMethod: row.verification_method,
    platform: row.platform,
    verificationString: row.verification_string,
    createdAt: new Date(row.created_at),
    verifiedAt: dateOrNull(row.verified_at),
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    lastAttemptOk: row.last_attempt_ok,
    lastAttemptMessage: row.last_attempt_message,
    lastAttemptProof: (row.last_attempt_proof as AttemptProof | null) ?? null,
  };
}

/** Claims matching `where` (newest first), `lock` for an update in the caller's transaction. */
export async function claimsWhere(
  em: EntityManager,
  where: { id?: string; officeId?: string; artistId?: string; artistIds?: readonly string[]; open?: boolean },
  options: { lock?: boolean } = {},
): Promise<Claim[]> {
  if (where.artistIds && where.artistIds.length === 0) return [];
  const rows = await claimsDb(em)
    .selectFrom('claims.claims')
    .select(CLAIM_COLUMNS)
    .$if(where.id !== undefined, (query) => query.where('id', '=', where.id!))
    .$if(where.officeId !== undefined, (query) => query.where('office_id', '=', where.officeId!))
    .$if(where.artistId !== undefined, (query) => query.where('artist_id', '=', where.artistId!))
    .$if(where.artistIds !== undefined, (query) => query.where('artist_id', 'in', where.artistIds!))
    .$if(Boolean(where.open), (query) => query.where('status', 'in', OPEN_CLAIM_STATUSES))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .$if(Boolean(options.lock), (query) => query.forUpdate())
    .execute();
  return rows.map(toClaim);
}

export async function loadClaim(em: EntityManager, claimId: string, options: { lock?: boolean } = {}): Promise<Claim | null> {
  const [claim] = await claimsWhere(em, { id: claimId }, options);
  return claim ?? null;
}

/**
 * The claim, when the caller may see it: an active member of its office who is an admin or assigned
 * to its artist. Anyone else gets the same 404 as for a missing claim. `manage` also needs admin (403).
 */
export async function claimForCaller(em: EntityManager, claimId: string, userId: string, need: 'view' | 'manage', options: { lock?: boolean } = {}): Promise<{ claim: Claim; membership: Membership }> {
  const claim = await loadClaim(em, claimId, options);
  if (!claim) throw claimNotFound();
  const membership = await membershipOf(em, claim.officeId, userId);
  if (!membership || !(await canWorkOnArtist(em, membership, claim.artistId))) throw claimNotFound();
  if (need === 'manage' && membership.role !== 'admin') throw adminOnly();
  return { claim, membership };
}

/**
 * Moves a claim to a new status through the transition table, records who and when, and on
 * success records `claims.claim-verified.v1` (on rejection `claims.claim-rejected.v1`, with the
 * reason) in the same transaction. The partial unique index
 * (one successful claim per artist) makes a second office's success fail at this update.
 */
export async function changeStatus(em: EntityManager, claim: Claim, to: ClaimStatus, actor: Actor, reason: string | null = null): Promise<Claim> {
  assertTransition(claim.status, to);
  const now = new Date();
  const db = claimsDb(em);
  await db
    .updateTable('claims.claims')
    .set({ status: to, updated_at: now, ...(to === 'successful' ? { verified_at: now } : {}) })
    .where('id', '=', claim.id)
    .execute();
  await db
    .insertInto('claims.claim_status_changes')
    .values({ claim_id: claim.id, from_status: claim.status, to_status: to, actor_kind: actor.kind, actor_id: actor.id, reason, at: now })
    .execute();
  if (to === 'successful') {
    recordInOutbox(em, ClaimVerified.create({ claimId: claim.id, artistId: claim.artistId, officeId: claim.officeId, verifiedAt: now.toISOString() }));
  }
  if (to === 'rejected') {
    recordInOutbox(em, ClaimRejected.create({ claimId: claim.id, artistId: claim.artistId, officeId: claim.officeId, reason, rejectedAt: now.toISOString() }));
  }
  return { ...claim, status: to, verifiedAt: to === 'successful' ? now : claim.verifiedAt };
}

/** A new claim (pending) and its first history row; answers its id. */
export async function insertClaim(
  em: EntityManager,
  claim: { officeId: string; artistId: string; verificationMethod: ClaimSummary['verificationMethod']; platform: SocialPlatform | null; verificationString: string; createdBy: string },
): Promise<string> {
  const { id } = await claimsDb(em)
    .insertInto('claims.claims')
    .values({
      office_id: claim.officeId,
      artist_id: claim.artistId,
      status: 'pending',
      verification_method: claim.verificationMethod,
      platform: claim.platform,
      verification_string: claim.verificationString,
      agreed_at: sql`now()`,
      created_by: claim.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await claimsDb(em)
    .insertInto('claims.claim_status_changes')
    .values({ claim_id: id, from_status: null, to_status: 'pending', actor_kind: 'artist', actor_id: claim.createdBy })
    .execute();
  return id;
}

/** Whether the artist's successful claim is another one than `exceptClaimId` (any, without it). */
export async function artistIsClaimed(em: EntityManager, artistId: string, exceptClaimId?: string): Promise<boolean> {
  const row = await claimsDb(em)
    .selectFrom('claims.claims')
    .select('id')
    .where('artist_id', '=', artistId)
    .where('status', '=', 'successful')
    .$if(exceptClaimId !== undefined, (query) => query.where('id', '<>', exceptClaimId!))
    .executeTakeFirst();
  return row !== undefined;
}

/** What a verification attempt read, for the admin's review: each page or account, named, with its address. */
export interface AttemptProof {
  pages: { label: string; url: string }[];
}

export async function recordAttempt(em: EntityManager, claimId: string, ok: boolean, message: string, proof: AttemptProof | null = null): Promise<void> {
  await claimsDb(em)
    .updateTable('claims.claims')
    .set({ last_attempt_at: sql`now()`, last_attempt_ok: ok, last_attempt_message: message, last_attempt_proof: proof ? JSON.stringify(proof) : null })
    .where('id', '=', claimId)
    .execute();
}

/** The string an artist puts in a bio: stable for one person and artist, unguessable by anyone else. */
export function verificationStringFor(secret: string, userId: string, artistId: string): string {
  const digest = createHmac('sha256', `claim-verification:${secret}`).update(`${userId}:${artistId}`).digest('hex');
  return `pie-verify-${digest.slice(0, 10)}`;
}

function artistCard(facts: ArtistFacts | undefined, artistId: string): ClaimSummary['artist'] {
  return { _id: artistId, name: facts?.name ?? 'Unknown artist', image_url: facts?.imageUrl ?? null, spotify_id: facts?.spotifyId ?? null };
}

export async function summaries(em: EntityManager, claims: Claim[]): Promise<ClaimSummary[]> {
  const facts = new Map((await artistFacts(em, [...new Set(claims.map((claim) => claim.artistId))])).map((artist) => [artist.id, artist]));
  return claims.map((claim) => ({
    id: claim.id,
    _id: claim.id,
    status: claim.status,
    officeId: claim.officeId,
    artist: artistCard(facts.get(claim.artistId), claim.artistId),
    verificationMethod: claim.verificationMethod,
    selectedPlatform: claim.platform,
    verificationString: claim.verificationString,
    createdAt: claim.createdAt.toISOString(),
    verifiedAt: claim.verifiedAt ? claim.verifiedAt.toISOString() : null,
  }));
}

/** A claim's history, oldest first. */
export async function historyOf(em: EntityManager, claimId: string): Promise<ClaimStatusChange[]> {
  const changes = await claimsDb(em)
    .selectFrom('claims.claim_status_changes')
    .select(['from_status', 'to_status', 'actor_kind', 'actor_id', 'reason', 'at'])
    .where('claim_id', '=', claimId)
    .orderBy('id')
    .execute();
  return changes.map((change) => ({
    from: change.from_status as ClaimStatus | null,
    to: change.to_status as ClaimStatus,
    by: { kind: change.actor_kind, id: change.actor_id },
    reason: change.reason,
    at: new Date(change.at).toISOString(),
  }));
}

export async function detailed(em: EntityManager, claim: Claim): Promise<ClaimDetailed> {
  const [summary] = await summaries(em, [claim]);
  const office = await officeCard(em, claim.officeId);
  return {
    ...summary,
    office: { _id: claim.officeId, name: office?.name ?? '' },
    history: await historyOf(em, claim.id),
    lastAttempt: claim.lastAttemptAt ? { at: claim.lastAttemptAt.toISOString(), ok: Boolean(claim.lastAttemptOk), message: claim.lastAttemptMessage ?? '' } : null,
  };
}

/** Postgres' unique_violation: here, another office's claim became successful first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505' || /duplicate key value/.test(String((error as Error)?.message));
}
