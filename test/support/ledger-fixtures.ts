import { randomUUID } from 'node:crypto';
import { accounts, type Ledger } from '#pie/ledger';

/** What a pie close posts: `cents` of the fan's wallet into an artist's escrow (an artist of its own when not given); the artist's id. */
export async function closeIntoEscrow(ledger: Ledger, fanId: string, cents: number, options: { artistId?: string; occurredAt?: Date } = {}): Promise<string> {
  const artistId = options.artistId ?? randomUUID();
  await ledger.post({
    kind: 'pie_period_closed',
    idempotencyKey: `pie_period_closed:${randomUUID()}`,
    occurredAt: options.occurredAt ?? new Date(),
    references: { fanId, piePeriodId: randomUUID() },
    postings: [
      { account: accounts.fanWallet(fanId), amountCents: -cents },
      { account: accounts.artistEscrow(artistId), amountCents: cents, fanId },
    ],
  });
  return artistId;
}
