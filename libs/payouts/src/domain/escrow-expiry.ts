import { payeeOfficeFor } from '#pie/claims';
import { accounts, accountsWithMoney, balanceOf, canonicalPostings, fanHoldingsBefore, largestRemainder, lockAccounts, parseAccount, postingCount, postJournal } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';

export const ESCROW_EXPIRED_JOURNAL = 'escrow_expired';

export interface EscrowReturn {
  artistId: string;
  fanId: string;
  amountCents: number;
}

/** The escrows with money in them (the daily check's candidates). */
export async function escrowArtistIds(em: EntityManager): Promise<string[]> {
  return (await accountsWithMoney(em, 'artist_escrow')).map((row) => parseAccount(row.code).ownerId!);
}

/**
 * Returns what has waited in an unclaimed artist's escrow since before `cutoff` to the wallets of
 * the fans whose periods put it there, in the caller's transaction: each fan gets what is still
 * theirs of it (their credits before the cutoff, less what left on their behalf since). If the
 * escrow holds less than that in all, it is shared in proportion, to the cent, by largest
 * remainder. One journal per fan (naming the fan, so later refunds still find their allocations).
 * An artist with a successful claim keeps their escrow: it waits for the office's Stripe account.
 */
export async function expireEscrowOf(tx: EntityManager, artistId: string, cutoff: Date): Promise<EscrowReturn[]> {
  if (await payeeOfficeFor(tx, artistId)) return [];
  const escrow = accounts.artistEscrow(artistId);
  const holdings = await fanHoldingsBefore(tx, escrow, cutoff);
  if (holdings.size === 0) return [];
  const fanIds = [...holdings.keys()].sort();
  await lockAccounts(tx, [escrow, ...fanIds.map((fanId) => accounts.fanWallet(fanId))]);
  // Re-read under the lock: a concurrent run or refund may have moved money since.
  const locked = await fanHoldingsBefore(tx, escrow, cutoff);
  const held = await balanceOf(tx, escrow);
  const owed = fanIds.map((fanId) => locked.get(fanId) ?? 0);
  const total = owed.reduce((sum, cents) => sum + cents, 0);
  const shares = largestRemainder(BigInt(Math.min(total, held)), fanIds.map((fanId, index) => ({ id: fanId, weight: BigInt(owed[index]) })));
  const returned = total <= held ? owed : fanIds.map((fanId) => Number(shares.get(fanId) ?? 0n));
  const version = await postingCount(tx, escrow);
  const made: EscrowReturn[] = [];
  for (const [index, fanId] of fanIds.entries()) {
    const amountCents = returned[index];
    if (amountCents <= 0) continue;
    const input = {
      kind: ESCROW_EXPIRED_JOURNAL,
      idempotencyKey: `${ESCROW_EXPIRED_JOURNAL}:${artistId}:${fanId}:${version}`,
      occurredAt: new Date(),
      references: { artistId, fanId, cutoff: cutoff.toISOString() },
      postings: [
        { account: escrow, amountCents: -amountCents },
        { account: accounts.fanWallet(fanId), amountCents },
      ],
    };
    await postJournal(tx, input, canonicalPostings(input));
    made.push({ artistId, fanId, amountCents });
  }
  return made;
}
