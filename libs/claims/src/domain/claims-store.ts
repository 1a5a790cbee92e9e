import { createHmac } from 'node:crypto';
import type { ClaimDetailed, ClaimStatus, ClaimStatusChange, ClaimSummary, SocialPlatform } from '#pie/contracts';
import { artistFacts, type ArtistFacts } from '#pie/listening';
import { canWorkOnArtist, membershipOf, officeCard, type Membership } from '#pie/offices';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { ClaimRejected } from '../events/claim-rejected.event.js';
import { ClaimVerified } from '../events/claim-verified.event.js';
import { assertTransition } from './claim-status.js';
import { adminOnly, claimNotFound } from './claims.errors.js';

export interface ClaimRow {
  id: string;
  office_id: string;
  artist_id: string;
  status: ClaimStatus;
  verification_method: ClaimSummary['verificationMethod'];
  platform: SocialPlatform | null;
  verification_string: string;
  created_at: Date;
  verified_at: Date | null;
  last_attempt_at: Date | null;
  last_attempt_ok: boolean | null;
  last_attempt_message: string | null;
  last_attempt_proof: AttemptProof | null;
}

export interface Actor {
  kind: 'artist' | 'admin' | 'system';
  id: string | null;
}

const COLUMNS = `id, office_id, artist_id, status, verification_method, platform, verification_string, created_at, verified_at, last_attempt_at, last_attempt_ok, last_attempt_message, last_attempt_proof`;

export async function loadClaim(em: EntityManager, claimId: string, options: { lock?: boolean } = {}): Promise<ClaimRow | null> {
  const rows = await em.execute<ClaimRow[]>(`select ${COLUMNS} from claims.claims where id = ? ${options.lock ? 'for update' : ''}`, [claimId]);
  return rows[0] ?? null;
}

export async function claimsWhere(em: EntityManager, where: string, params: unknown[], options: { lock?: boolean } = {}): Promise<ClaimRow[]> {
  return em.execute<ClaimRow[]>(`select ${COLUMNS} from claims.claims where ${where} order by created_at desc, id ${options.lock ? 'for update' : ''}`, params);
}

/**
 * The claim, when the caller may see it: an active member of its office who is an admin or assigned
 * to its artist. Anyone else gets the same 404 as for a missing claim. `manage` also needs admin (403).
 */
export async function claimForCaller(em: EntityManager, claimId: string, userId: string, need: 'view' | 'manage', options: { lock?: boolean } = {}): Promise<{ claim: ClaimRow; membership: Membership }> {
  const claim = await loadClaim(em, claimId, options);
  if (!claim) throw claimNotFound();
  const membership = await membershipOf(em, claim.office_id, userId);
  if (!membership || !(await canWorkOnArtist(em, membership, claim.artist_id))) throw claimNotFound();
  if (need === 'manage' && membership.role !== 'admin') throw adminOnly();
  return { claim, membership };
}

/**
 * Moves a claim to a new status through the transition table, records who and when, and on
 * success records `claims.claim-verified.v1` (on rejection `claims.claim-rejected.v1`, with the
 * reason) in the same transaction. The partial unique index
 * (one successful claim per artist) makes a second office's success fail at this update.
 */
export async function changeStatus(em: EntityManager, claim: ClaimRow, to: ClaimStatus, actor: Actor, reason: string | null = null): Promise<ClaimRow> {
  assertTransition(claim.status, to);
  const now = new Date();
  await em.execute(
    `update claims.claims set status = ?, updated_at = ?, verified_at = case when ? = 'successful' then ?::timestamptz else verified_at end where id = ?`,
    [to, now, to, now, claim.id],
  );
  await em.execute(
    `insert into claims.claim_status_changes (claim_id, from_status, to_status, actor_kind, actor_id, reason, at) values (?, ?, ?, ?, ?, ?, ?)`,
    [claim.id, claim.status, to, actor.kind, actor.id, reason, now],
  );
  if (to === 'successful') {
    recordInOutbox(em, ClaimVerified.create({ claimId: claim.id, artistId: claim.artist_id, officeId: claim.office_id, verifiedAt: now.toISOString() }));
  }
  if (to === 'rejected') {
    recordInOutbox(em, ClaimRejected.create({ claimId: claim.id, artistId: claim.artist_id, officeId: claim.office_id, reason, rejectedAt: now.toISOString() }));
  }
  return { ...claim, status: to, verified_at: to === 'successful' ? now : claim.verified_at };
}

export async function recordCreation(em: EntityManager, claimId: string, actor: Actor): Promise<void> {
  await em.execute(`insert into claims.claim_status_changes (claim_id, from_status, to_status, actor_kind, actor_id) values (?, null, 'pending', ?, ?)`, [claimId, actor.kind, actor.id]);
}

/** What a verification attempt read, for the admin's review: each page or account, named, with its address. */
export interface AttemptProof {
  pages: { label: string; url: string }[];
}

export async function recordAttempt(em: EntityManager, claimId: string, ok: boolean, message: string, proof: AttemptProof | null = null): Promise<void> {
  await em.execute(`update claims.claims set last_attempt_at = now(), last_attempt_ok = ?, last_attempt_message = ?, last_attempt_proof = ?::jsonb where id = ?`, [
    ok,
    message,
    proof ? JSON.stringify(proof) : null,
    claimId,
  ]);
}

/** The string an artist puts in a bio: stable for one person and artist, unguessable by anyone else. */
export function verificationStringFor(secret: string, userId: string, artistId: string): string {
  const digest = createHmac('sha256', `claim-verification:${secret}`).update(`${userId}:${artistId}`).digest('hex');
  return `pie-verify-${digest.slice(0, 10)}`;
}

function artistCard(facts: ArtistFacts | undefined, artistId: string): ClaimSummary['artist'] {
  return { _id: artistId, name: facts?.name ?? 'Unknown artist', image_url: facts?.imageUrl ?? null, spotify_id: facts?.spotifyId ?? null };
}

export async function summaries(em: EntityManager, claims: ClaimRow[]): Promise<ClaimSummary[]> {
  const facts = new Map((await artistFacts(em, [...new Set(claims.map((claim) => claim.artist_id))])).map((artist) => [artist.id, artist]));
  return claims.map((claim) => ({
    id: claim.id,
    _id: claim.id,
    status: claim.status,
    officeId: claim.office_id,
    artist: artistCard(facts.get(claim.artist_id), claim.artist_id),
    verificationMethod: claim.verification_method,
    selectedPlatform: claim.platform,
    verificationString: claim.verification_string,
    createdAt: new Date(claim.created_at).toISOString(),
    verifiedAt: claim.verified_at ? new Date(claim.verified_at).toISOString() : null,
  }));
}

export async function detailed(em: EntityManager, claim: ClaimRow): Promise<ClaimDetailed> {
  const [summary] = await summaries(em, [claim]);
  const office = await officeCard(em, claim.office_id);
  const changes = await em.execute<{ from_status: ClaimStatus | null; to_status: ClaimStatus; actor_kind: ClaimStatusChange['by']['kind']; actor_id: string | null; reason: string | null; at: Date }[]>(
    `select from_status, to_status, actor_kind, actor_id, reason, at from claims.claim_status_changes where claim_id = ? order by id`,
    [claim.id],
  );
  return {
    ...summary,
    office: { _id: claim.office_id, name: office?.name ?? '' },
    history: changes.map((change) => ({ from: change.from_status, to: change.to_status, by: { kind: change.actor_kind, id: change.actor_id }, reason: change.reason, at: new Date(change.at).toISOString() })),
    lastAttempt: claim.last_attempt_at ? { at: new Date(claim.last_attempt_at).toISOString(), ok: Boolean(claim.last_attempt_ok), message: claim.last_attempt_message ?? '' } : null,
  };
}

/** Postgres' unique_violation: here, another office's claim became successful first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505' || /duplicate key value/.test(String((error as Error)?.message));
}
