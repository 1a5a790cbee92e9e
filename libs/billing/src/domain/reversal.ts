import { accounts, type AccountCode, type PostingInput } from '#pie/ledger';

export interface ReversalSources {
  fanId: string;
  /** The fan's wallet balance now. */
  walletCents: number;
  /** What the fan holds in each artist escrow now (their own money there, never anyone else's). */
  escrowHeld: { account: AccountCode; cents: number }[];
}

/**
 * Where money a fan takes back (refund, dispute) comes from (DESIGN §5): the wallet while the money
 * is there; then that fan's own holdings in escrow, in the order given (each escrow leg names the
 * fan); the rest is the
 * platform's loss on `refunds`. No wallet or escrow goes below zero. The money leaves through
 * `stripe_clearing`. `extraLossCents` (a dispute fee) is a platform loss on top.
 */
export function reversalPostings(amountCents: number, sources: ReversalSources, extraLossCents = 0): PostingInput[] {
  let remaining = amountCents;
  const postings: PostingInput[] = [{ account: accounts.stripeClearing, amountCents: amountCents + extraLossCents }];
  const fromWallet = Math.min(remaining, Math.max(0, sources.walletCents));
  if (fromWallet > 0) postings.push({ account: accounts.fanWallet(sources.fanId), amountCents: -fromWallet });
  remaining -= fromWallet;
  for (const held of sources.escrowHeld) {
    if (remaining === 0) break;
    const take = Math.min(remaining, Math.max(0, held.cents));
    if (take > 0) postings.push({ account: held.account, amountCents: -take, fanId: sources.fanId });
    remaining -= take;
  }
  const loss = remaining + extraLossCents;
  if (loss > 0) postings.push({ account: accounts.refunds, amountCents: -loss });
  return postings;
}
