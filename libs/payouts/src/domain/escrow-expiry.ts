import { payeeOfficeFor } from '#pie/claims';
import { accounts, accountsWithMoney, canonicalPostings, fanHoldingsBefore, lockAccounts, parseAccount, postingCount, postJournal, JOURNAL_KINDS } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';
import { connectedAccountOf } from './connected-accounts.js';
import { escrowExpires } from './escrow-rules.js';


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
 * the fans whose money it is, in the caller's transaction: each fan gets the part of their own
 * holding there that came in before the cutoff (a fan's money leaves an escrow oldest first, so
 * that is their holding less what came in since). One journal per fan, whose escrow leg names the
 * fan. An artist with a successful claim keeps their escrow while it waits for the office's Stripe
 * account — for as long as the window: once the office has been unable to receive money (never
 * enabled since the claim succeeded, or disconnected) since before the cutoff, the same rules apply.
 * Each credit to a wallet is announced by the ledger (`ledger.fan-wallet-credited.v1`): billing
 * tells the fan, or gives the money back to a fan whose pie is over or who deleted their account.
 */
export async function expireEscrowOf(tx: EntityManager, artistId: string, cutoff: Date): Promise<EscrowReturn[]> {
  const payee = await payeeOfficeFor(tx, artistId);
  if (!escrowExpires(payee, payee && (await connectedAccountOf(tx, payee.officeId)), cutoff)) return [];
  const escrow = accounts.artistEscrow(artistId);
  const holdings = await fanHoldingsBefore(tx, escrow, cutoff);
  if (holdings.size === 0) return [];
  const fanIds = [...holdings.keys()].sort();
  await lockAccounts(tx, [escrow, ...fanIds.map((fanId) => accounts.fanWallet(fanId))]);
  // Re-read under the lock: a concurrent run or refund may have moved money since.
  const locked = await fanHoldingsBefore(tx, escrow, cutoff);
  const returned = fanIds.map((fanId) => locked.get(fanId) ?? 0);
  const version = await postingCount(tx, escrow);
  const made: EscrowReturn[] = [];
  for (const [index, fanId] of fanIds.entries()) {
    const amountCents = returned[index];
    if (amountCents <= 0) continue;
    const input = {
      kind: JOURNAL_KINDS.escrowExpired,
      idempotencyKey: `${JOURNAL_KINDS.escrowExpired}:${artistId}:${fanId}:${version}`,
      occurredAt: new Date(),
      references: { artistId, fanId, cutoff: cutoff.toISOString() },
      postings: [
        { account: escrow, amountCents: -amountCents, fanId },
        { account: accounts.fanWallet(fanId), amountCents },
      ],
    };
    await postJournal(tx, input, canonicalPostings(input));
    made.push({ artistId, fanId, amountCents });
  }
  return made;
}
