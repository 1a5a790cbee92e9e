import { z } from 'zod';
import { COMMUNICATION_CHANNELS, CRM_STATUSES, FINANCE_PERIODS, type CrmStatus, type ReconciliationType } from './admin-values.js';
import { queryInt } from './fields.js';

/*
 * The admin back office (spec §2, §3, §9): lists default to 10 a page (claims 20), every query and
 * body strict (an unknown or malformed field is a 400 naming it). Amounts are integer cents.
 */

const page = queryInt('page', 1, 100_000).default(1);
const limit = (fallback: number) => queryInt('limit', 1, 100).default(fallback);
const search = z.string({ error: 'search must be text' }).trim().max(100, 'search must be at most 100 characters').optional();
const sortOrder = z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc');
const isoDate = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });

export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_CLAIMS_PAGE_SIZE = 20;

/** Ids in admin paths: ours are UUIDs. */
export const AdminIdParam = z.uuid({ error: 'must be a valid id' });

export const AdminPageQuery = z.strictObject({ page, limit: limit(ADMIN_PAGE_SIZE) });
export type AdminPageQuery = z.infer<typeof AdminPageQuery>;

/** A date range (startDate, endDate inclusive, UTC days); at most two years. */
const range = {
  startDate: isoDate('startDate').optional(),
  endDate: isoDate('endDate').optional(),
};
const rangeOk = (query: { startDate?: string; endDate?: string }) => !query.startDate || !query.endDate || query.startDate <= query.endDate;
export const AdminRangeQuery = z.strictObject(range).refine(rangeOk, { message: 'startDate must not be after endDate', path: ['startDate'] });
export type AdminRangeQuery = z.infer<typeof AdminRangeQuery>;

/** `GET finances` (period, startDate, endDate): a named period or a range. */
export const AdminFinancesQuery = z
  .strictObject({ period: z.enum(FINANCE_PERIODS, { error: `period must be one of ${FINANCE_PERIODS.join(', ')}` }).default('30d'), ...range })
  .refine(rangeOk, { message: 'startDate must not be after endDate', path: ['startDate'] });
export type AdminFinancesQuery = z.infer<typeof AdminFinancesQuery>;

// ---- claims ---------------------------------------------------------------------------------

export const ADMIN_CLAIM_SORTS = ['createdAt', 'updatedAt', 'status', 'artistName'] as const;
export const AdminClaimsQuery = z.strictObject({
  page,
  limit: limit(ADMIN_CLAIMS_PAGE_SIZE),
  status: z.enum(['pending', 'verifying', 'successful', 'rejected', 'cancelled'], { error: 'status must be pending, verifying, successful, rejected or cancelled' }).optional(),
  search,
  sortBy: z.enum(ADMIN_CLAIM_SORTS, { error: `sortBy must be one of ${ADMIN_CLAIM_SORTS.join(', ')}` }).default('createdAt'),
  sortOrder,
});
export type AdminClaimsQuery = z.infer<typeof AdminClaimsQuery>;

export const AdminClaimStatusRequest = z
  .strictObject({
    status: z.enum(['pending', 'verifying', 'successful', 'rejected', 'cancelled'], { error: 'status must be pending, verifying, successful, rejected or cancelled' }),
    reason: z.string().trim().max(500, 'reason must be at most 500 characters').optional(),
  })
  // The office reads why (its claim's page and the mail): a rejection without a reason is refused.
  .refine((body) => body.status !== 'rejected' || (body.reason ?? '').length >= 3, { message: 'A rejection needs a reason the office will read (at least 3 characters)', path: ['reason'] });
export type AdminClaimStatusRequest = z.infer<typeof AdminClaimStatusRequest>;

export const AdminVerifyBioRequest = z.strictObject({
  manualVerification: z.literal(true, { error: 'manualVerification must be true: an admin verifies a claim by hand' }),
  note: z.string().trim().max(500, 'note must be at most 500 characters').optional(),
});
export type AdminVerifyBioRequest = z.infer<typeof AdminVerifyBioRequest>;

export interface AdminClaimRow {
  id: string;
  status: string;
  artistId: string;
  artistName: string;
  officeId: string;
  officeName: string;
  /** The e-mail of the artist account that made the claim, and its id (its back-office page). */
  claimedBy: string;
  claimedById: string;
  verificationMethod: string;
  createdAt: string;
  updatedAt: string;
  verifiedAt: string | null;
}

export interface AdminClaimDetails extends AdminClaimRow {
  verificationString: string;
  platform: string | null;
  lastAttempt: { at: string; ok: boolean; message: string | null } | null;
  /**
   * The proof to check by hand: the artist's streaming profile (where the verification string goes),
   * and each page or account the last attempt read (a linked social page, the account signed in to).
   */
  proof: { profileUrl: string | null; checked: { label: string; url: string }[] };
  history: { from: string | null; to: string; at: string; reason: string | null }[];
  reports: { id: string; reason: string; createdAt: string }[];
}

// ---- artists and outreach -------------------------------------------------------------------

export const MONEY_FILTERS = ['all', 'with_escrow', 'without_escrow'] as const;
export const ADMIN_ARTIST_SORTS = ['name', 'escrow', 'fans', 'listened'] as const;

export const AdminArtistsQuery = z.strictObject({
  page,
  limit: limit(ADMIN_PAGE_SIZE),
  search,
  crmStatus: z.enum(CRM_STATUSES, { error: `crmStatus must be one of ${CRM_STATUSES.join(', ')}` }).optional(),
  moneyFilter: z.enum(MONEY_FILTERS, { error: `moneyFilter must be one of ${MONEY_FILTERS.join(', ')}` }).default('all'),
  activePie: z.enum(['true', 'false'], { error: 'activePie must be true or false' }).optional(),
  sortBy: z.enum(ADMIN_ARTIST_SORTS, { error: `sortBy must be one of ${ADMIN_ARTIST_SORTS.join(', ')}` }).default('escrow'),
  sortOrder,
  period: queryInt('period', 1, 3650).default(28),
});
export type AdminArtistsQuery = z.infer<typeof AdminArtistsQuery>;

export const AdminCrmStatusRequest = z.strictObject({ crmStatus: z.enum(CRM_STATUSES, { error: `crmStatus must be one of ${CRM_STATUSES.join(', ')}` }) });
export const AdminCommunicationRequest = z.strictObject({
  channel: z.enum(COMMUNICATION_CHANNELS, { error: `channel must be one of ${COMMUNICATION_CHANNELS.join(', ')}` }),
  note: z.string({ error: 'note is required' }).trim().min(1, 'note is required').max(2000, 'note must be at most 2000 characters'),
  contactedAt: z.iso.datetime({ error: 'contactedAt must be a date and time (ISO 8601)' }).optional(),
});
export type AdminCommunicationRequest = z.infer<typeof AdminCommunicationRequest>;
export const AdminEmailDiscoveryRequest = z.strictObject({ forceRediscovery: z.boolean({ error: 'forceRediscovery must be true or false' }).default(false) });

export interface AdminArtistRow {
  id: string;
  name: string;
  spotifyId: string | null;
  crmStatus: CrmStatus;
  escrowCents: number;
  /** How many fans' money that escrow holds. */
  escrowFans: number;
  fans: number;
  listenedMs: number;
  claimed: boolean;
  contactEmail: string | null;
}

export interface AdminArtistDetails extends AdminArtistRow {
  claim: { id: string; officeId: string; officeName: string; status: string } | null;
  oldestEscrowAt: string | null;
  communications: { id: string; channel: string; note: string; contactedAt: string; adminName: string }[];
}

export interface EmailDiscoveryView {
  artistId: string;
  status: 'idle' | 'queued' | 'running' | 'done' | 'failed';
  steps: { name: string; status: 'pending' | 'running' | 'done' | 'failed'; detail: string | null }[];
  email: string | null;
  source: string | null;
  updatedAt: string | null;
}

// ---- people, offices, money ------------------------------------------------------------------

export const AdminFansQuery = z.strictObject({
  page,
  limit: limit(ADMIN_PAGE_SIZE),
  search,
  activePie: z.enum(['true', 'false'], { error: 'activePie must be true or false' }).optional(),
  sortBy: z.enum(['createdAt', 'email', 'name', 'wallet'], { error: 'sortBy must be one of createdAt, email, name, wallet' }).default('createdAt'),
  sortOrder,
});
export type AdminFansQuery = z.infer<typeof AdminFansQuery>;

export const AdminSearchPageQuery = z.strictObject({ page, limit: limit(ADMIN_PAGE_SIZE), search });
export type AdminSearchPageQuery = z.infer<typeof AdminSearchPageQuery>;

export const AdminTransactionsQuery = z
  .strictObject({
    page,
    limit: limit(ADMIN_PAGE_SIZE),
    /** One journal kind, or several separated by commas (the journals behind one open-books figure). */
    kind: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*){0,19}$/, 'kind must be a journal kind such as invoice_paid, or several separated by commas')
      .max(600)
      .optional(),
    /** Only journals that move money on accounts of this kind. */
    accountKind: z.enum(['stripe_clearing', 'processor_fees', 'platform_fees', 'promo_pool', 'refunds', 'fan_wallet', 'artist_escrow', 'office_earnings', 'office_connected'], { error: 'accountKind must be a ledger account kind such as fan_wallet' }).optional(),
    /** The spec's name for the kind on wallet transactions (spec §3: limit, page, type). */
    type: z.string().trim().regex(/^[a-z][a-z0-9_]*$/, 'type must be a transaction type such as invoice_paid').max(60).optional(),
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
    ...range,
  })
  .refine(rangeOk, { message: 'startDate must not be after endDate', path: ['startDate'] });
export type AdminTransactionsQuery = z.infer<typeof AdminTransactionsQuery>;

/**
 * The money over a period (`GET finances`, each day of `dashboard/financial`, `transactions/flow`):
 * billing's fan figures and payouts' office figures, each summed by the one read every screen uses
 * (a fan's wallet summary sums the same definitions over that fan's journals). Card fees are
 * Stripe's fees on fans' payments only; Stripe's Connect fees on offices' payouts (the $2 monthly
 * account fee, the per-payout fee) are `connectFeesCents`.
 */
export const ADMIN_MONEY_FIGURES = [
  'paidInCents',
  'cardFeesCents',
  'pieFeesCents',
  'intoWalletsCents',
  'promotionsCents',
  'givenToArtistsCents',
  'returnedFromEscrowCents',
  'refundedCents',
  'disputeFeesCents',
  'releasedCents',
  'transferredCents',
  'paidOutCents',
  'connectFeesCents',
  'givenBackCents',
] as const;
export type AdminMoneyFigures = Record<(typeof ADMIN_MONEY_FIGURES)[number], number>;

// ---- names and links (issue 29: a back-office screen names what it shows, never a bare id) ----------

export const ADMIN_REF_TYPES = ['fan', 'artist', 'office', 'claim', 'artist_user', 'period'] as const;
export type AdminRefType = (typeof ADMIN_REF_TYPES)[number];

/** Something a back-office screen names and links to (its page: a period's is its fan's). */
export interface AdminRef {
  type: AdminRefType;
  id: string;
  name: string;
  /** A pie period's fan, whose page it links to. */
  fanId?: string;
}

/** A ledger journal as the back office shows it: every account and reference named. */
export interface AdminJournalView {
  id: string;
  kind: string;
  idempotencyKey: string;
  occurredAt: string;
  recordedAt: string;
  postings: { account: string; accountLabel: string; owner: AdminRef | null; amountCents: number }[];
  /** The journal's references, each with a label; a fan, artist, office, claim or pie period named. */
  references: { key: string; label: string; text: string; ref: AdminRef | null }[];
  /** Who and what it is about: the owners of its accounts and what its references name. */
  parties: AdminRef[];
}


export interface ReconciliationResult {
  type: ReconciliationType;
  ok: boolean;
  checkedAt: string;
  /** How many rows break it; `rows` names them (the first 50), left out by the `-minimal` variant. */
  violations: number;
  rows?: string[];
  /**
   * The provider check runs as a job: its answer names the run (`GET financial-reconciliation/runs/:runId`),
   * `running` with how far it got in `progress` until it is `done` (then `ok` and the rows count) or `failed`.
   */
  runId?: string;
  status?: 'running' | 'done' | 'failed';
  progress?: string | null;
}

export interface AuditEntry {
  id: string;
  adminId: string;
  adminName: string;
  action: string;
  targetType: string;
  targetId: string;
  /** The target named (null for a target that is no record: a check, the escrow run). */
  target: AdminRef | null;
  /** The records `before` and `after` name by id, named. */
  refs: AdminRef[];
  before: unknown;
  after: unknown;
  at: string;
}
