import type { TransactionDetail, TransactionFilter, TransactionView } from '#pie/contracts';
import { accounts, journalsOfAccounts, type JournalOfAccounts } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';
import { PIE_PERIOD_CLOSED_JOURNAL } from '#pie/pies';
import { PAYOUT_FAILED_JOURNAL, PAYOUT_JOURNAL } from './bank-payouts.js';
import { ESCROW_EXPIRED_JOURNAL } from './escrow-expiry.js';
import { ESCROW_RELEASED_JOURNAL } from './escrow-release.js';
import { GIVE_BACK_JOURNAL } from './give-back.js';
import { MONTHLY_FEE_JOURNAL, TRANSFER_FAILED_JOURNAL, TRANSFER_JOURNAL } from './transfers.js';


/**
 * How each ledger journal reads in an office's or an artist's history (spec §3's filter: credit,
 * payout, or the rest under "all"). `legs` picks which of the journal's postings on the asked
 * accounts make its amount: a transfer moves money between the office's two accounts, and reads
 * as what reached Stripe.
 */
const OFFICE_KINDS: Record<string, { kind: TransactionView['kind']; detail: TransactionDetail; description: string }> = {
  [PIE_PERIOD_CLOSED_JOURNAL]: { kind: 'credit', detail: 'period_share', description: 'Share of a fan’s pie' },
  [ESCROW_RELEASED_JOURNAL]: { kind: 'credit', detail: 'escrow_released', description: 'Released from an artist’s escrow' },
  [TRANSFER_JOURNAL]: { kind: 'other', detail: 'transfer', description: 'Transferred to your Stripe account' },
  [TRANSFER_FAILED_JOURNAL]: { kind: 'other', detail: 'transfer', description: 'Transfer refused by Stripe: back in your earnings' },
  [MONTHLY_FEE_JOURNAL]: { kind: 'other', detail: 'monthly_fee', description: 'Stripe’s monthly active-account fee' },
  [GIVE_BACK_JOURNAL]: { kind: 'other', detail: 'give_back', description: 'Given back to the promotion pool' },
  [PAYOUT_JOURNAL]: { kind: 'payout', detail: 'payout', description: 'Payout to your bank' },
  [PAYOUT_FAILED_JOURNAL]: { kind: 'payout', detail: 'payout_failed', description: 'Payout failed: back in your Stripe balance' },
};

const ARTIST_KINDS: Record<string, { kind: TransactionView['kind']; detail: TransactionDetail; description: string }> = {
  [PIE_PERIOD_CLOSED_JOURNAL]: { kind: 'credit', detail: 'period_share', description: 'Share of a fan’s pie' },
  [ESCROW_RELEASED_JOURNAL]: { kind: 'payout', detail: 'escrow_released', description: 'Released to your office' },
  [ESCROW_EXPIRED_JOURNAL]: { kind: 'other', detail: 'escrow_expired', description: 'Unclaimed for a year: returned to the fan' },
};

const kindsFor = (table: typeof OFFICE_KINDS, filter: TransactionFilter): string[] | undefined =>
  filter === 'all' ? undefined : Object.entries(table).filter(([, view]) => view.kind === filter).map(([journalKind]) => journalKind);

function toView(journal: JournalOfAccounts, table: typeof OFFICE_KINDS): TransactionView {
  const known = table[journal.kind] ?? { kind: 'other' as const, detail: 'refund' as const, description: 'Refund or dispute' };
  const net = journal.postings.reduce((sum, posting) => sum + posting.amountCents, 0);
  // Between the office's own accounts the net is zero: show what moved (the positive leg).
  const amountCents = net !== 0 ? net : Math.max(0, ...journal.postings.map((posting) => posting.amountCents));
  const references = journal.references as { artistId?: string; payoutId?: string };
  return {
    id: journal.id,
    kind: known.kind,
    detail: known.detail,
    amountCents,
    description: known.description,
    occurredAt: journal.occurredAt.toISOString(),
    artistId: references.artistId ?? null,
    payoutId: references.payoutId ?? null,
  };
}

export interface HistoryPage {
  total: number;
  items: TransactionView[];
}

/**
 * An office's money history: its earnings at Pie and its Stripe account as the ledger recorded
 * them. `onlyArtists` (a member's view) keeps the journals about their assigned artists.
 */
export async function officeHistory(
  em: EntityManager,
  officeId: string,
  options: { page: number; limit: number; filter: TransactionFilter; onlyArtists?: string[]; journalId?: string },
): Promise<HistoryPage> {
  const found = await journalsOfAccounts(em, [accounts.officeEarnings(officeId), accounts.officeConnected(officeId)], {
    page: options.page,
    limit: options.limit,
    kinds: kindsFor(OFFICE_KINDS, options.filter),
    journalId: options.journalId,
    referencesAny: options.onlyArtists ? { key: 'artistId', values: options.onlyArtists.length > 0 ? options.onlyArtists : ['00000000-0000-0000-0000-000000000000'] } : undefined,
  });
  return { total: found.total, items: found.journals.map((journal) => toView(journal, OFFICE_KINDS)) };
}

/** One artist's money history: what reached their escrow and where it went. */
export async function artistHistory(em: EntityManager, artistId: string, options: { page: number; limit: number; filter: TransactionFilter }): Promise<HistoryPage> {
  const found = await journalsOfAccounts(em, [accounts.artistEscrow(artistId)], { page: options.page, limit: options.limit, kinds: kindsFor(ARTIST_KINDS, options.filter) });
  return { total: found.total, items: found.journals.map((journal) => toView(journal, ARTIST_KINDS)) };
}
