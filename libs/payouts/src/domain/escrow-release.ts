import { claimedArtistIdsOf, payeeOfficeFor } from '#pie/claims';
import { accounts, balanceOf, escrowHoldingsByFan, lockAccounts, postJournal, canonicalPostings, postingCount, type JournalInput, JOURNAL_KINDS } from '#pie/ledger';
import { recordInOutbox, type Database, type EntityManager } from '#pie/platform';
import type { ConnectedAccountSync } from './connected-account-sync.js';
import { canReceiveTransfers, connectedAccountOf, type ConnectedAccount } from './connected-accounts.js';
import { escrowRecipient } from './escrow-rules.js';
import { TransferOfficeEarnings } from '../jobs/transfer-office-earnings/transfer-office-earnings.job.js';


/**
 * Moves everything in an artist's escrow to the earnings of the office that holds the artist's
 * successful claim, in one journal — only once that office's Stripe account can receive transfers.
 * The journal takes each fan's whole holding there, naming the fan on each escrow leg.
 * Safe to run any number of times, concurrently too: the escrow is locked, read and emptied in the
 * caller's transaction, so a second run finds nothing to release. Answers what it moved.
 */
export async function releaseEscrow(tx: EntityManager, artistId: string): Promise<{ officeId: string; releasedCents: number } | null> {
  const payee = await payeeOfficeFor(tx, artistId);
  if (!payee) return null;
  if (!escrowRecipient(payee, await connectedAccountOf(tx, payee.officeId))) return null;
  const escrow = accounts.artistEscrow(artistId);
  const earnings = accounts.officeEarnings(payee.officeId);
  await lockAccounts(tx, [escrow, earnings]);
  const held = await balanceOf(tx, escrow);
  if (held <= 0) return null;
  // Whose money leaves: every fan's whole holding (the ledger refuses a release whose lines do not
  // add up to the escrow it empties).
  const holdings = await escrowHoldingsByFan(tx, artistId);
  const input: JournalInput = {
    kind: JOURNAL_KINDS.escrowReleased,
    // The escrow's posting count under the lock: one key per release, never reused.
    idempotencyKey: `${JOURNAL_KINDS.escrowReleased}:${artistId}:${await postingCount(tx, escrow)}`,
    occurredAt: new Date(),
    references: { artistId, officeId: payee.officeId, claimId: payee.claimId },
    postings: [...[...holdings].map(([fanId, cents]) => ({ account: escrow, amountCents: -cents, fanId })), { account: earnings, amountCents: held }],
  };
  await postJournal(tx, input, canonicalPostings(input));
  // The earnings grew: a transfer may be due now (the job decides, under its own lock).
  recordInOutbox(tx, TransferOfficeEarnings.create({ officeId: payee.officeId }));
  return { officeId: payee.officeId, releasedCents: held };
}

/** Releases the escrow of every artist the office has claimed (its account just became enabled). */
export async function releaseEscrowOfOffice(database: Database, officeId: string): Promise<number> {
  let released = 0;
  // One transaction per artist: a release never waits for, or rolls back with, another artist's.
  for (const artistId of await claimedArtistIdsOf(database.em(), officeId)) released += (await database.transaction((tx) => releaseEscrow(tx, artistId)))?.releasedCents ?? 0;
  return released;
}

/**
 * After a reconnect: re-reads the office's account from Stripe (no account.updated comes when
 * nothing changed there) and, once it can receive transfers, releases its artists' escrow, which
 * queues the transfer of its earnings.
 */
export async function resumeOffice(database: Database, sync: ConnectedAccountSync, officeId: string): Promise<ConnectedAccount | null> {
  const row = await connectedAccountOf(database.em(), officeId);
  if (!row) return null;
  const account = await sync.refresh(row.stripeAccountId);
  if (canReceiveTransfers(account)) {
    await releaseEscrowOfOffice(database, officeId);
    await database.transaction(async (tx) => recordInOutbox(tx, TransferOfficeEarnings.create({ officeId })));
  }
  return account;
}
