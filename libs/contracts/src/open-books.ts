import type { MaskedCount } from './small-counts.js';

/**
 * Open books (issue 31): the platform's money per month, every figure summed from the ledger —
 * platform-wide totals only, never a fan, an artist or an office by name or id. No zod here: the
 * public page imports this file alone, and the schema would bring zod into its first load.
 */
export const OPEN_BOOKS_FIGURES = [
  'paidInCents',
  'processorFeesCents',
  'platformFeesCents',
  'promotionsCents',
  'allocatedToArtistsCents',
  'releasedToOfficesCents',
  'transferredCents',
  'paidOutCents',
  'returnedByExpiryCents',
  'refundedCents',
  'disputedCents',
] as const;
export type OpenBooksFigure = (typeof OPEN_BOOKS_FIGURES)[number];
export type OpenBooksFigures = Record<OpenBooksFigure, number>;

/** How each figure is named on the public page and the admin's (one wording for both). */
export const OPEN_BOOKS_LABELS: Record<OpenBooksFigure, string> = {
  paidInCents: 'Paid in by fans',
  processorFeesCents: 'Payment processor fees',
  platformFeesCents: 'Pie’s fee',
  promotionsCents: 'Free pies funded by Pie',
  allocatedToArtistsCents: 'Allocated to artists',
  releasedToOfficesCents: 'Released to artists’ teams',
  transferredCents: 'Transferred to artists’ Stripe accounts',
  paidOutCents: 'Paid out to artists’ banks',
  returnedByExpiryCents: 'Returned to fans (escrow expired)',
  refundedCents: 'Refunded to fans',
  disputedCents: 'Returned to fans by disputes',
};

/** `GET /api/open-books` (its zod schema, for the OpenAPI document, is `OpenBooksViewSchema` in open-books-schema.ts). */
export interface OpenBooksView {
  /** Oldest first, 'YYYY-MM' (UTC); months without money are absent. */
  months: ({ month: string } & OpenBooksFigures)[];
  totals: OpenBooksFigures;
  /**
   * What waits in escrow now for artists who have not claimed their profile yet, and for how many
   * artists: under five is `'fewer than 5'` (a handful of artists can stand for one fan's pie).
   */
  escrow: { waitingCents: number; artists: MaskedCount };
  /**
   * The reconciliation's last result: `ok` when the latest finished run of every check passed (null:
   * never checked), `checkedAt` the most recent of those runs, `failing` how many checks found a difference.
   */
  balance: { ok: boolean | null; checkedAt: string | null; checks: number; failing: number };
  generatedAt: string;
}

/** The admin's open books: the same view and, per figure, the journals behind it (for the drill-down). */
export interface AdminOpenBooksView extends OpenBooksView {
  definitions: Record<OpenBooksFigure, { journalKinds: string[]; accountKind: string }>;
}

/** The sentence that says whether the books balance (the public page and the admin's). */
export function balanceLine(balance: OpenBooksView['balance'], format: (iso: string) => string): string {
  if (balance.ok === null || !balance.checkedAt) return 'The books have not been checked yet.';
  if (balance.ok) return `The books balance: ${balance.checks === 1 ? 'the last check' : `all ${balance.checks} checks`} passed, the latest on ${format(balance.checkedAt)}.`;
  return `The last check, on ${format(balance.checkedAt)}, found a difference in ${balance.failing} of ${balance.checks} checks; we are looking into it.`;
}
