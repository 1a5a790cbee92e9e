import type { TransactionDetail, TransactionDetailView, TransactionFilter, TransactionView } from '#pie/contracts';
import { accounts, debitOrigins, journalsOfAccounts, type JournalOfAccounts, JOURNAL_KINDS } from '#pie/ledger';
import { artistFacts } from '#pie/listening';
import type { EntityManager } from '#pie/platform';
import { periodWindows } from '#pie/pies';

/**
 * How each ledger journal reads in an office's or an artist's history (spec §3's filter: credit,
 * payout, or the rest under "all"). `legs` picks which of the journal's postings on the asked
 * accounts make its amount: a transfer moves money between the office's two accounts, and reads
 * as what reached Stripe.
 */
const OFFICE_KINDS: Record<string, { kind: TransactionView['kind']; detail: TransactionDetail; description: string }> = {
  [JOURNAL_KINDS.piePeriodClosed]: { kind: 'credit', detail: 'period_share', description: 'Share of a fan’s pie' },
  [JOURNAL_KINDS.escrowReleased]: { kind: 'credit', detail: 'escrow_released', description: 'Released from an artist’s escrow' },
  [JOURNAL_KINDS.transfer]: { kind: 'other', detail: 'transfer', description: 'Transferred to your Stripe account' },
  [JOURNAL_KINDS.transferFailed]: { kind: 'other', detail: 'transfer', description: 'Transfer refused by Stripe: back in your earnings' },
  [JOURNAL_KINDS.transferReversed]: { kind: 'other', detail: 'transfer', description: 'Transfer reversed by Stripe: back in your earnings' },
  [JOURNAL_KINDS.monthlyAccountFee]: { kind: 'other', detail: 'monthly_fee', description: 'Stripe’s monthly active-account fee (a month with a payout)' },
  [JOURNAL_KINDS.payoutFee]: { kind: 'other', detail: 'monthly_fee', description: 'Stripe’s payout fee (0.25% + 25¢)' },
  [JOURNAL_KINDS.giveBack]: { kind: 'other', detail: 'give_back', description: 'Given back to the promotion pool' },
  [JOURNAL_KINDS.payout]: { kind: 'payout', detail: 'payout', description: 'Payout to your bank' },
  [JOURNAL_KINDS.payoutFailed]: { kind: 'payout', detail: 'payout_failed', description: 'Payout failed: back in your Stripe balance' },
  [JOURNAL_KINDS.connectedAccountDeauthorized]: {
    kind: 'payout',
    detail: 'account_deauthorized',
    description: 'Stayed in the Stripe account that disconnected Pie: pay it out from that account’s own Stripe dashboard',
  },
};

/**
 * One artist's escrow as the office that claimed it reads it: shares wait in escrow, and a release is
 * money in for the office (its earnings), not money lost: it reads as a credit of what it moved.
 */
const ARTIST_KINDS: Record<string, { kind: TransactionView['kind']; detail: TransactionDetail; description: string; moneyIn?: true }> = {
  [JOURNAL_KINDS.piePeriodClosed]: { kind: 'credit', detail: 'period_share', description: 'Share of a fan’s pie, held in escrow until it is released' },
  [JOURNAL_KINDS.escrowReleased]: { kind: 'credit', detail: 'escrow_released', description: 'Released from escrow into your office’s earnings', moneyIn: true },
  [JOURNAL_KINDS.escrowExpired]: { kind: 'other', detail: 'escrow_expired', description: 'Unclaimed for a year: returned to the fan' },
};

const kindsFor = (table: typeof OFFICE_KINDS, filter: TransactionFilter): string[] | undefined =>
  filter === 'all' ? undefined : Object.entries(table).filter(([, view]) => view.kind === filter).map(([journalKind]) => journalKind);

function toView(journal: JournalOfAccounts, table: typeof ARTIST_KINDS, artistNames: Map<string, string>): TransactionView {
  const known = table[journal.kind] ?? { kind: 'other' as const, detail: 'refund' as const, description: 'Refund or dispute' };
  const net = journal.postings.reduce((sum, posting) => sum + posting.amountCents, 0);
  // Between the office's own accounts the net is zero: show what moved (the positive leg). Money
  // that left the artist's escrow for the office is money in for whoever reads it.
  const moved = Math.max(0, ...journal.postings.map((posting) => Math.abs(posting.amountCents)));
  const amountCents = known.moneyIn ? moved : net !== 0 ? net : Math.max(0, ...journal.postings.map((posting) => posting.amountCents));
  const references = journal.references as { artistId?: string; payoutId?: string };
  return {
    id: journal.id,
    kind: known.kind,
    detail: known.detail,
    amountCents,
    description: known.description,
    occurredAt: journal.occurredAt.toISOString(),
    artistId: references.artistId ?? null,
    artistName: references.artistId ? (artistNames.get(references.artistId) ?? null) : null,
    payoutId: references.payoutId ?? null,
  };
}

/** The catalogue names of the artists a page of journals is about. */
async function artistNamesOf(em: EntityManager, journals: JournalOfAccounts[]): Promise<Map<string, string>> {
  const ids = [...new Set(journals.map((journal) => (journal.references as { artistId?: string }).artistId).filter((id): id is string => typeof id === 'string'))];
  return new Map((await artistFacts(em, ids)).map((artist) => [artist.id, artist.name]));
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
  const names = await artistNamesOf(em, found.journals);
  return { total: found.total, items: found.journals.map((journal) => toView(journal, OFFICE_KINDS, names)) };
}

/**
 * One movement of an office's money and where it came from, in aggregate: for money released from
 * an artist's escrow, the pie periods whose closes paid it and how many fans' money it is (the
 * ledger's escrow lines: each fan's money leaves oldest first, so a release takes the oldest shares).
 */
export async function officeTransactionDetails(
  em: EntityManager,
  officeId: string,
  journalId: string,
  options: { onlyArtists?: string[] },
): Promise<TransactionDetailView | null> {
  const { items } = await officeHistory(em, officeId, { page: 1, limit: 1, filter: 'all', onlyArtists: options.onlyArtists, journalId });
  const view = items[0];
  if (!view) return null;
  if (view.detail !== 'escrow_released' || !view.artistId) return { ...view, periods: null, fans: null };
  const origins = await debitOrigins(em, journalId, accounts.artistEscrow(view.artistId));
  return {
    ...view,
    ...(await originsOf(
      em,
      origins.map((origin) => ({
        fanId: origin.fanId,
        periodId: origin.creditKind === JOURNAL_KINDS.piePeriodClosed ? ((origin.creditReferences.piePeriodId as string | undefined) ?? null) : null,
        cents: origin.cents,
      })),
    )),
  };
}

/** The fans (how many, how much) and the pie periods (how many, from when to when) a sum of money came from. */
async function originsOf(em: EntityManager, parts: { fanId: string; periodId: string | null; cents: number }[]): Promise<Pick<TransactionDetailView, 'periods' | 'fans'>> {
  const windows = [...(await periodWindows(em, [...new Set(parts.flatMap((part) => (part.periodId ? [part.periodId] : [])))])).values()];
  return {
    fans: parts.length > 0 ? { count: new Set(parts.map((part) => part.fanId)).size, cents: parts.reduce((sum, part) => sum + part.cents, 0) } : null,
    periods:
      windows.length > 0
        ? {
            count: windows.length,
            firstStartsAt: windows.map((window) => window.startsAt).sort()[0],
            lastEndsAt: windows.map((window) => window.endsAt).sort().at(-1)!,
          }
        : null,
  };
}

/** One artist's money history: what reached their escrow and where it went. */
export async function artistHistory(em: EntityManager, artistId: string, options: { page: number; limit: number; filter: TransactionFilter }): Promise<HistoryPage> {
  const kinds = kindsFor(ARTIST_KINDS, options.filter);
  // No kind of the artist's escrow is a payout (a release is the office's money in): nothing to list.
  if (kinds?.length === 0) return { total: 0, items: [] };
  const found = await journalsOfAccounts(em, [accounts.artistEscrow(artistId)], { page: options.page, limit: options.limit, kinds });
  const names = await artistNamesOf(em, found.journals);
  return { total: found.total, items: found.journals.map((journal) => toView(journal, ARTIST_KINDS, names)) };
}
