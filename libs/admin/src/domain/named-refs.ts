import type { AdminJournalView, AdminRef, AdminRefType } from '#pie/contracts';
import { adminClaimNames } from '#pie/claims';
import { adminPeopleNames } from '#pie/identity';
import { parseAccount, type LedgerJournalView } from '#pie/ledger';
import { artistFacts } from '#pie/listening';
import { officeNames } from '#pie/offices';
import { periodWindows } from '#pie/pies';
import type { EntityManager } from '#pie/platform';

/*
 * Names for what the back office shows (issue 29: names and links, never a bare id or JSON): the
 * fans, artists, offices, claims and pie periods a journal or an audit entry points at, each asked
 * of its own module's facade once per page.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The references whose value is one of our records, by key. */
const REFERENCE_TYPES: Record<string, AdminRefType> = {
  fanId: 'fan',
  artistId: 'artist',
  officeId: 'office',
  claimId: 'claim',
  piePeriodId: 'period',
  userId: 'artist_user',
};

/** Whose account each kind of owned account is. */
const ACCOUNT_OWNERS: Record<string, AdminRefType> = { fan_wallet: 'fan', artist_escrow: 'artist', office_earnings: 'office', office_connected: 'office' };

const ACCOUNT_LABELS: Record<string, string> = {
  stripe_clearing: 'Stripe (money in and out)',
  processor_fees: 'Stripe’s fees',
  platform_fees: 'Pie’s fees',
  promo_pool: 'Promotion pool',
  refunds: 'Platform losses',
  fan_wallet: 'Wallet',
  artist_escrow: 'Escrow',
  office_earnings: 'Earnings at Pie',
  office_connected: 'Stripe account',
};

const REFERENCE_LABELS: Record<string, string> = {
  fanId: 'Fan',
  artistId: 'Artist',
  officeId: 'Office',
  claimId: 'Claim',
  piePeriodId: 'Pie period',
  pieId: 'Pie',
  userId: 'By',
  stripeInvoiceId: 'Stripe invoice',
  stripeChargeId: 'Stripe charge',
  stripeRefundId: 'Stripe refund',
  stripeDisputeId: 'Stripe dispute',
  stripeSubscriptionId: 'Stripe subscription',
  stripePayoutId: 'Stripe payout',
  stripeTransferId: 'Stripe transfer',
  stripeTransferReversalId: 'Stripe transfer reversal',
  stripeBalanceTransactionId: 'Stripe balance transaction',
  stripeAccountId: 'Stripe account',
  month: 'Month',
  cutoff: 'Cut-off',
  note: 'Note',
};

const key = (type: AdminRefType, id: string) => `${type}:${id}`;
const day = (iso: string) => iso.slice(0, 10);

/** Names each `{ type, id }` (one query per type); ids of records that no longer exist are absent. */
export async function nameRefs(em: EntityManager, wanted: { type: AdminRefType; id: string }[]): Promise<Map<string, AdminRef>> {
  const ids = (type: AdminRefType) => [...new Set(wanted.filter((ref) => ref.type === type && UUID.test(ref.id)).map((ref) => ref.id))];
  const named = new Map<string, AdminRef>();
  const put = (type: AdminRefType, id: string, name: string, extra: Partial<AdminRef> = {}) => named.set(key(type, id), { type, id, name, ...extra });
  const people = await adminPeopleNames(em, { fans: ids('fan'), artistUsers: ids('artist_user') });
  for (const [id, name] of people.fans) put('fan', id, name);
  for (const [id, name] of people.artistUsers) put('artist_user', id, name);
  for (const artist of await artistFacts(em, ids('artist'))) put('artist', artist.id, artist.name);
  for (const [id, name] of await officeNames(em, ids('office'))) put('office', id, name);
  for (const [id, claim] of await adminClaimNames(em, ids('claim'))) put('claim', id, `Claim on ${claim.artistName} by ${claim.officeName}`);
  for (const [id, window] of await periodWindows(em, ids('period'))) put('period', id, `Pie period ${day(window.startsAt)} – ${day(window.endsAt)}`, { fanId: window.fanId });
  return named;
}

/** The records a journal points at: its accounts' owners and its references' ids. */
function refsOf(journal: LedgerJournalView): { type: AdminRefType; id: string }[] {
  const refs: { type: AdminRefType; id: string }[] = [];
  for (const posting of journal.postings) {
    const account = parseAccount(posting.account);
    if (account.ownerId && ACCOUNT_OWNERS[account.kind]) refs.push({ type: ACCOUNT_OWNERS[account.kind], id: account.ownerId });
  }
  for (const [name, value] of Object.entries(journal.references)) {
    if (REFERENCE_TYPES[name] && typeof value === 'string') refs.push({ type: REFERENCE_TYPES[name], id: value });
  }
  return refs;
}

/** Journals as the back office shows them: accounts labelled with their owners' names, references named, who they are about. */
export async function namedJournals(em: EntityManager, journals: LedgerJournalView[]): Promise<AdminJournalView[]> {
  const names = await nameRefs(em, journals.flatMap(refsOf));
  return journals.map((journal) => {
    const postings = journal.postings.map((posting) => {
      const account = parseAccount(posting.account);
      const owner = account.ownerId ? (names.get(key(ACCOUNT_OWNERS[account.kind], account.ownerId)) ?? null) : null;
      return { account: posting.account, accountLabel: ACCOUNT_LABELS[account.kind] ?? account.kind, owner, amountCents: posting.amountCents };
    });
    const references = Object.entries(journal.references)
      // Ids of rows with no page of their own (a pie, a transfer's or a payout's row) say nothing to a reader.
      .filter(([name, value]) => value !== null && value !== undefined && value !== '' && (REFERENCE_TYPES[name] !== undefined || !UUID.test(String(value))))
      .map(([name, value]) => {
        const ref = REFERENCE_TYPES[name] && typeof value === 'string' ? (names.get(key(REFERENCE_TYPES[name], value)) ?? null) : null;
        return { key: name, label: REFERENCE_LABELS[name] ?? name, text: ref?.name ?? (REFERENCE_TYPES[name] ? `(no longer on Pie)` : String(value)), ref };
      });
    const parties = new Map<string, AdminRef>();
    for (const ref of [...postings.map((posting) => posting.owner), ...references.map((reference) => reference.ref)]) if (ref && ref.type !== 'period') parties.set(key(ref.type, ref.id), ref);
    return { id: journal.id, kind: journal.kind, idempotencyKey: journal.idempotencyKey, occurredAt: journal.occurredAt, recordedAt: journal.recordedAt, postings, references, parties: [...parties.values()] };
  });
}

/** The ids an audit entry's before and after name (`officeId`, `artistId`…), as records to name. */
export function idsIn(value: unknown): { type: AdminRefType; id: string }[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([name, inner]) =>
    REFERENCE_TYPES[name] && typeof inner === 'string' ? [{ type: REFERENCE_TYPES[name], id: inner }] : typeof inner === 'object' ? idsIn(inner) : [],
  );
}

/** The audit log's target types that are records with a page. */
export const AUDIT_TARGET_TYPES: Record<string, AdminRefType> = { claim: 'claim', artist: 'artist', office: 'office', fan: 'fan' };

export { key as refKey };
