import type { ClaimSummary } from '#pie/contracts';
import type { Database } from '#pie/platform';
import { alreadyClaimed, claimNotFound, verificationFailed } from './claims.errors.js';
import { assertMayVerify, isUndecided } from './claim-status.js';
import { artistIsClaimed, changeStatus, isUniqueViolation, loadClaim, recordAttempt, summaries, type Actor, type AttemptProof } from './claims-store.js';

/** What a claim that lost its artist to another office says, in its history and its last attempt. */
export const LOST_TO_ANOTHER_OFFICE = 'Another office verified this artist first, so this claim is closed. If you believe the artist is yours, contact Pie support.';

/**
 * Closes a claim whose artist another office has won: rejected by the system with the reason, so it
 * never hangs in verifying and the office reads why (issue 27).
 */
async function closeLostClaim(database: Database, claimId: string): Promise<void> {
  await database.transaction(async (em) => {
    const claim = await loadClaim(em, claimId, { lock: true });
    if (!claim || !isUndecided(claim.status)) return;
    await recordAttempt(em, claimId, false, LOST_TO_ANOTHER_OFFICE);
    await changeStatus(em, claim, 'rejected', { kind: 'system', id: null }, LOST_TO_ANOTHER_OFFICE);
  });
}

/**
 * Moves a pending claim to verifying (its own transaction: the attempt is on record whatever the
 * outcome). A claim whose artist another office already won is closed instead (409).
 */
export async function startVerifying(database: Database, claimId: string, actor: Actor): Promise<void> {
  const lost = await database.transaction(async (em) => {
    const claim = await loadClaim(em, claimId, { lock: true });
    if (!claim) throw claimNotFound();
    if (isUndecided(claim.status) && (await artistIsClaimed(em, claim.artistId, claimId))) return true;
    assertMayVerify(claim.status);
    if (claim.status !== 'verifying') await changeStatus(em, claim, 'verifying', actor, 'Verification started');
    return false;
  });
  if (lost) {
    await closeLostClaim(database, claimId);
    throw alreadyClaimed();
  }
}

/**
 * Proof read from a page MusicBrainz lists is the artist's only when the listing is: anyone may edit
 * MusicBrainz, so an attacker could list their own account there and take the artist's escrow. Such
 * proof is recorded and the claim stays in verifying until Pie's team confirms it by hand (the
 * admin's manual verification); a Spotify profile, which only the artist edits, verifies at once.
 */
export const CONFIRMED_BY_HAND_MESSAGE =
  'MusicBrainz is edited by its community, so Pie’s team confirms proof from a page it lists by hand before the claim succeeds and any money moves.';

/**
 * Ends a verification attempt: success makes the claim successful (and the office the payee) unless
 * another office won the artist first (409, the attempt recorded) or the proof came through
 * MusicBrainz (`confirmByHand`: recorded, the claim left verifying for an admin); failure records
 * the attempt and answers 422 with the reason.
 */
export async function finishVerifying(
  database: Database,
  claimId: string,
  actor: Actor,
  outcome: { ok: boolean; message: string; proof?: AttemptProof; confirmByHand?: boolean },
): Promise<ClaimSummary> {
  if (outcome.ok) {
    try {
      return await database.transaction(async (em) => {
        const claim = await loadClaim(em, claimId, { lock: true });
        if (!claim) throw claimNotFound();
        if (outcome.confirmByHand) {
          await recordAttempt(em, claimId, true, `${outcome.message}. ${CONFIRMED_BY_HAND_MESSAGE}`, outcome.proof);
        } else {
          await recordAttempt(em, claimId, true, outcome.message, outcome.proof);
          await changeStatus(em, claim, 'successful', actor, outcome.message);
        }
        const [summary] = await summaries(em, [(await loadClaim(em, claimId))!]);
        return summary;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two offices raced for the artist and the other won: this claim ends, saying so.
      await closeLostClaim(database, claimId);
      throw alreadyClaimed();
    }
  }
  await database.transaction((em) => recordAttempt(em, claimId, false, outcome.message, outcome.proof));
  throw verificationFailed(outcome.message);
}
