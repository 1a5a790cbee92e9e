import { claimRejectedMessage, claimVerifiedMessage } from '#pie/notifications';
import { artistFacts } from '#pie/listening';
import { mailOfficeAdmins } from '#pie/offices';
import type { EntityManager } from '#pie/platform';

/**
 * Tells each admin of the claiming office how its claim ended, in the caller's transaction (the
 * listener's, with its inbox row: one mail per admin per result, however often the event arrives).
 */
export async function mailClaimResult(
  em: EntityManager,
  publicUrl: string,
  claim: { claimId: string; artistId: string; officeId: string },
  result: { verified: true } | { verified: false; reason: string | null },
): Promise<void> {
  const [artist] = await artistFacts(em, [claim.artistId]);
  const artistName = artist?.name ?? 'your artist';
  const claimLink = new URL(`/for-artists/claims/${claim.claimId}`, publicUrl).toString();
  await mailOfficeAdmins(em, claim.officeId, (admin, officeName) => {
    const common = { to: admin.email, firstName: admin.firstName, artistName, officeName, claimLink };
    return result.verified ? claimVerifiedMessage(common) : claimRejectedMessage({ ...common, reason: result.reason });
  });
  await em.flush();
}
