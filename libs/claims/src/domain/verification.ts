import type { ClaimSummary } from '#pie/contracts';
import type { Database } from '#pie/platform';
import { alreadyClaimed, claimNotFound, verificationFailed } from './claims.errors.js';
import { changeStatus, claimsWhere, isUniqueViolation, loadClaim, recordAttempt, summaries, type Actor } from './claims-store.js';

/** Moves a pending claim to verifying (its own transaction: the attempt is on record whatever the outcome). */
export async function startVerifying(database: Database, claimId: string, actor: Actor): Promise<void> {
  await database.transaction(async (em) => {
    const claim = await loadClaim(em, claimId, { lock: true });
    if (!claim) throw claimNotFound();
    if (claim.status === 'pending') await changeStatus(em, claim, 'verifying', actor, 'Verification started');
    else if (claim.status !== 'verifying') await changeStatus(em, claim, 'verifying', actor); // refused by the transition table
  });
}

/**
 * Ends a verification attempt: success makes the claim successful (and the office the payee) unless
 * another office won the artist first (409, the attempt recorded); failure records the attempt and
 * answers 422 with the reason.
 */
export async function finishVerifying(database: Database, claimId: string, actor: Actor, outcome: { ok: boolean; message: string }): Promise<ClaimSummary> {
  if (outcome.ok) {
    try {
      return await database.transaction(async (em) => {
        const claim = await loadClaim(em, claimId, { lock: true });
        if (!claim) throw claimNotFound();
        await recordAttempt(em, claimId, true, outcome.message);
        await changeStatus(em, claim, 'successful', actor, outcome.message);
        const [summary] = await summaries(em, await claimsWhere(em, 'id = ?', [claimId]));
        return summary;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await database.transaction((em) => recordAttempt(em, claimId, false, 'Another office has already claimed this artist'));
      throw alreadyClaimed();
    }
  }
  await database.transaction((em) => recordAttempt(em, claimId, false, outcome.message));
  throw verificationFailed(outcome.message);
}
