import { Inject, Injectable } from '@nestjs/common';
import { maskCount, OPEN_BOOKS_FIGURES, type AdminOpenBooksView, type OpenBooksFigure, type OpenBooksFigures, type OpenBooksView } from '#pie/contracts';
import { FAN_MONEY_FIGURES, FAN_REVERSAL_FIGURES } from '#pie/billing';
import { escrowWaiting, figureTotalsByMonth, type JournalKind, type MoneyFigure } from '#pie/ledger';
import { OFFICE_MONEY_FIGURES } from '#pie/payouts';
import { Database, type EntityManager } from '#pie/platform';
import { adminDb } from '../db/admin-db.js';

const union = (...figures: MoneyFigure[]): JournalKind[] => [...new Set(figures.flatMap((figure) => figure.journalKinds))];

/**
 * The open books' figures, each one of billing's or payouts' own definitions (so the admin's
 * finances, a fan's wallet summary and the open books never give one concept two values). Processor
 * fees are every fee Stripe took: on fans' payments, on disputes and on offices' Connect accounts —
 * the whole of the `processor_fees` account.
 */
export const OPEN_BOOKS_MONEY_FIGURES = {
  paidInCents: FAN_MONEY_FIGURES.paidInCents,
  processorFeesCents: {
    journalKinds: union(FAN_MONEY_FIGURES.cardFeesCents, FAN_MONEY_FIGURES.disputeFeesCents, OFFICE_MONEY_FIGURES.connectFeesCents),
    accountKind: 'processor_fees',
    direction: 'in',
  },
  platformFeesCents: FAN_MONEY_FIGURES.pieFeesCents,
  promotionsCents: FAN_MONEY_FIGURES.promotionsCents,
  allocatedToArtistsCents: FAN_MONEY_FIGURES.givenToArtistsCents,
  releasedToOfficesCents: OFFICE_MONEY_FIGURES.releasedCents,
  transferredCents: OFFICE_MONEY_FIGURES.transferredCents,
  paidOutCents: OFFICE_MONEY_FIGURES.paidOutCents,
  returnedByExpiryCents: FAN_MONEY_FIGURES.returnedFromEscrowCents,
  refundedCents: FAN_REVERSAL_FIGURES.refundsCents,
  disputedCents: FAN_REVERSAL_FIGURES.disputesCents,
} satisfies Record<OpenBooksFigure, MoneyFigure>;

/** The public answer is shared by every visitor for this long (it reads a few hundred rows; a visitor can wait seconds for a new cent). */
const PUBLIC_TTL_MS = 5_000;

/**
 * Open books (issue 31): the platform's money per month from the ledger's per-month cache
 * (`figureTotalsByMonth`), what waits in escrow from the accounts' cached balances, and the
 * reconciliation's last result. Platform-wide sums only: nothing in it names a fan, an artist or an
 * office. Its cost does not grow with the number of fans.
 */
@Injectable()
export class OpenBooks {
  private cached: { at: number; view: Promise<OpenBooksView> } | null = null;

  constructor(@Inject(Database) private readonly database: Database) {}

  /** `GET /api/open-books`: the same answer for every visitor for a few seconds. */
  publicView(): Promise<OpenBooksView> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > PUBLIC_TTL_MS) {
      const view = openBooksOf(this.database.em());
      this.cached = { at: now, view };
      view.catch(() => (this.cached = null));
    }
    return this.cached.view;
  }

  /** The admin's view: read now, with each figure's definition (the journals behind it). */
  async adminView(): Promise<AdminOpenBooksView> {
    const view = await openBooksOf(this.database.em(), { exactCounts: true });
    const definitions = Object.fromEntries(
      OPEN_BOOKS_FIGURES.map((key) => [key, { journalKinds: [...OPEN_BOOKS_MONEY_FIGURES[key].journalKinds], accountKind: OPEN_BOOKS_MONEY_FIGURES[key].accountKind }]),
    ) as AdminOpenBooksView['definitions'];
    return { ...view, definitions };
  }
}

/**
 * The books for everyone: the count of artists waiting in escrow is masked under five (a handful of
 * artists can stand for one fan's pie); the admin, who sees every escrow anyway, reads it exact.
 */
export async function openBooksOf(em: EntityManager, { exactCounts = false }: { exactCounts?: boolean } = {}): Promise<OpenBooksView> {
  const months = await figureTotalsByMonth(em, OPEN_BOOKS_MONEY_FIGURES);
  const totals = Object.fromEntries(OPEN_BOOKS_FIGURES.map((key) => [key, months.reduce((sum, month) => sum + month[key], 0)])) as OpenBooksFigures;
  const escrow = await escrowWaiting(em);
  return {
    months: months.map((month) => ({ month: month.month, ...Object.fromEntries(OPEN_BOOKS_FIGURES.map((key) => [key, month[key]])) }) as OpenBooksView['months'][number]),
    totals,
    escrow: { waitingCents: escrow.cents, artists: exactCounts ? escrow.artists : maskCount(escrow.artists) },
    balance: await lastBalance(em),
    generatedAt: new Date().toISOString(),
  };
}

/** The latest finished run of each reconciliation check (a provider check still running is not a result). */
async function lastBalance(em: EntityManager): Promise<OpenBooksView['balance']> {
  const runs = await adminDb(em).selectFrom('admin.reconciliation_runs').distinctOn('type').select(['ok', 'at']).where('status', '=', 'done').orderBy('type').orderBy('at', 'desc').execute();
  if (runs.length === 0) return { ok: null, checkedAt: null, checks: 0, failing: 0 };
  const failing = runs.filter((run) => !run.ok).length;
  const checkedAt = new Date(Math.max(...runs.map((run) => new Date(run.at).getTime()))).toISOString();
  return { ok: failing === 0, checkedAt, checks: runs.length, failing };
}
