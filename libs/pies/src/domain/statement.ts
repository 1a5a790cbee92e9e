import {
  carriedInLabel,
  NOT_PAID_LABEL,
  STATEMENT_DIFFERENCE_LABEL,
  type PieStatement,
  type PieStatementLine,
  type PieStatementMoneyLine,
  type PieStatementNotPaid,
  type PieStatementNotPaidReason,
} from '#pie/contracts';
import { accounts, creditWhereabouts, totalsByReference, accountTotalsByReference, type AccountCode, type CreditWhereabouts, JOURNAL_KINDS } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';
import { piesDb } from '../db/pies-db.js';
import { periodNotFound } from './pies.errors.js';
import { cents } from './pie-rows.js';

/**
 * A closed period's statement: the charge and its fees from the invoice's journal (a promotional
 * pie's first period: the promotion's journal is its charge), what each artist received from the
 * close's journal (both read from the ledger, not recomputed), each artist's listened time and
 * weight from the close's snapshot, and where each share is now.
 *
 * Each line is read on its own — fees and shares from the ledger, what the period was funded with,
 * split and gave from the close's record — and the total is their sum: fees + shares + kept − carried
 * in. It equals the charge only when the ledger and the close's record agree; when they do not, the
 * difference is shown, not hidden.
 */
export async function buildStatement(em: EntityManager, fanId: string, periodId: string): Promise<PieStatement> {
  const period = await piesDb(em)
    .selectFrom('pies.periods as pr')
    .innerJoin('pies.pies as p', 'p.id', 'pr.pie_id')
    .select(['pr.id', 'pr.pie_id', 'pr.seq', 'p.promo', 'p.subscription_id', 'pr.starts_at', 'pr.ends_at', 'pr.closed_at', 'pr.invoice_id', 'pr.journal_id', 'pr.split_cents', 'pr.funded_cents', 'pr.distributed_cents'])
    .where('pr.id', '=', periodId)
    .where('p.fan_id', '=', fanId)
    .where('pr.state', '=', 'closed')
    .executeTakeFirst();
  if (!period) throw periodNotFound();

  // The charge: the invoice journal's legs (clearing −gross, fees +, wallet +net).
  const invoiceTotals = period.invoice_id ? await totalsByReference(em, { stripeInvoiceId: period.invoice_id }) : [];
  const invoiceLeg = (kind: string) => invoiceTotals.filter((t) => t.journalKind === JOURNAL_KINDS.invoicePaid && t.accountKind === kind).reduce((sum, t) => sum + t.amountCents, 0);
  // A promotional pie is paid for by the promotion (promo_pool → wallet) when it starts: that is its first period's charge.
  const promotion = period.promo && period.seq === 1 && !period.invoice_id && period.subscription_id ? await promotionGrant(em, fanId, period.subscription_id) : 0;
  const chargeCents = promotion > 0 ? promotion : -invoiceLeg('stripe_clearing');
  const fees = [
    { label: 'Payment processing fee (Stripe)', amountCents: invoiceLeg('processor_fees') },
    { label: 'Pie platform fee', amountCents: invoiceLeg('platform_fees') },
  ].filter((fee) => fee.amountCents !== 0 || (chargeCents > 0 && promotion === 0));
  const fundedCents = promotion > 0 ? promotion : cents(period.funded_cents);

  // The close: the wallet leg and each artist's escrow leg of this period's journal.
  const closeTotals = await totalsByReference(em, { piePeriodId: periodId });
  const distributedCents = -closeTotals.filter((t) => t.journalKind === JOURNAL_KINDS.piePeriodClosed && t.accountKind === 'fan_wallet').reduce((sum, t) => sum + t.amountCents, 0);
  const toEscrow = await accountTotalsByReference(em, { piePeriodId: periodId }, 'artist_escrow');

  const snapshot = await piesDb(em)
    .selectFrom('pies.period_artists')
    .select(['artist_id', 'artist_name', 'listened_ms', 'weight', 'selected', 'reason'])
    .where('period_id', '=', periodId)
    .orderBy('share_cents', 'desc')
    .orderBy('listened_ms', 'desc')
    .orderBy('artist_id')
    .execute();
  // What the close split: the wallet's available balance then (the ledger's close journal took the part paid out).
  const splitCents = cents(period.split_cents);
  const totalWeight = snapshot.reduce((sum, row) => sum + BigInt(row.weight), 0n);

  const whereabouts = new Map((period.journal_id ? await creditWhereabouts(em, fanId, period.journal_id) : []).map((credit) => [credit.account, credit]));
  const lines: PieStatementLine[] = snapshot.map((row) => {
    const escrow = accounts.artistEscrow(row.artist_id) as AccountCode;
    const share = toEscrow.get(escrow) ?? 0;
    return {
      artistId: row.artist_id,
      name: row.artist_name,
      listenedMs: Math.round(Number(row.listened_ms)),
      weight: totalWeight > 0n ? Number((BigInt(row.weight) * 1_000_000n) / totalWeight) / 1_000_000 : 0,
      selected: row.selected,
      reason: row.reason,
      shareCents: share,
      whereNow: share === 0 ? 'none' : whereShareIsNow(whereabouts.get(escrow)),
    };
  });
  // Shares paid to artists no longer in the snapshot still count (a line per escrow leg of the journal).
  const sharesCents = [...toEscrow.values()].reduce((sum, share) => sum + share, 0);
  const keptInWalletCents = splitCents - cents(period.distributed_cents);
  const carriedInCents = splitCents - fundedCents;
  const totalCents = fees.reduce((sum, fee) => sum + fee.amountCents, 0) + sharesCents + keptInWalletCents - carriedInCents;
  const figures = { chargeCents, chargeLabel: promotion > 0 ? 'Free promotion' : 'Charge', fees, carriedInCents, splitCents, sharesCents, keptInWalletCents, totalCents, differenceCents: totalCents - chargeCents };
  return {
    periodId,
    pieId: period.pie_id,
    startsAt: new Date(period.starts_at).toISOString(),
    endsAt: new Date(period.ends_at).toISOString(),
    closedAt: new Date(period.closed_at!).toISOString(),
    ...figures,
    distributedCents,
    journalId: period.journal_id,
    money: moneyLines(figures),
    paid: lines.filter((line) => line.shareCents > 0),
    notPaid: notPaidGroups(lines.filter((line) => line.shareCents <= 0)),
  };
}

/**
 * The statement's money, line by line, as every format shows it: the charge less its fees (plus
 * what was carried in) is the split; the split went to the artists and the wallet; the total of the
 * lines, and a difference when they do not add up to the charge. Each figure is the one read above.
 */
function moneyLines(s: Pick<PieStatement, 'chargeCents' | 'chargeLabel' | 'fees' | 'carriedInCents' | 'splitCents' | 'sharesCents' | 'keptInWalletCents' | 'totalCents' | 'differenceCents'>): PieStatementMoneyLine[] {
  const lines: PieStatementMoneyLine[] = [{ kind: 'charge', label: s.chargeLabel, amountCents: s.chargeCents, bold: true }];
  for (const fee of s.fees) lines.push({ kind: 'fee', label: fee.label, amountCents: -fee.amountCents, bold: false });
  if (s.carriedInCents !== 0) lines.push({ kind: 'carried_in', label: carriedInLabel(s.carriedInCents), amountCents: s.carriedInCents, bold: false });
  lines.push(
    { kind: 'split', label: 'Split among your artists', amountCents: s.splitCents, bold: true },
    { kind: 'to_artists', label: 'To your artists', amountCents: s.sharesCents, bold: false },
    { kind: 'kept', label: 'Kept in your wallet for the next period', amountCents: s.keptInWalletCents, bold: false },
    { kind: 'total', label: 'Total of the lines (fees, shares, kept, less carried in)', amountCents: s.totalCents, bold: true },
  );
  if (s.differenceCents !== 0) lines.push({ kind: 'difference', label: STATEMENT_DIFFERENCE_LABEL, amountCents: s.differenceCents, bold: true });
  return lines;
}

const NOT_PAID_ORDER: PieStatementNotPaidReason[] = ['under_a_cent', 'over_limit', 'not_active', 'no_listening', 'own_office', 'excluded', 'banned'];

/** The artists who got nothing, one group per reason (in the snapshot's order within each). */
function notPaidGroups(lines: PieStatementLine[]): PieStatementNotPaid[] {
  const groups = new Map<PieStatementNotPaidReason, PieStatementNotPaid>();
  for (const line of lines) {
    const reason = line.reason ?? 'under_a_cent';
    let group = groups.get(reason);
    if (!group) groups.set(reason, (group = { reason, label: NOT_PAID_LABEL[reason], count: 0, listenedMs: 0, artists: [] }));
    group.count += 1;
    group.listenedMs += line.listenedMs;
    group.artists.push({ artistId: line.artistId, name: line.name, listenedMs: line.listenedMs });
  }
  return NOT_PAID_ORDER.flatMap((reason) => groups.get(reason) ?? []);
}

/** What the promotion put in the fan's wallet for this promotional pie (billing's `promo_grant` journal). */
async function promotionGrant(em: EntityManager, fanId: string, subscriptionId: string): Promise<number> {
  const totals = await totalsByReference(em, { fanId, subscriptionId });
  return totals.filter((t) => t.journalKind === JOURNAL_KINDS.promoGrant && t.accountKind === 'fan_wallet').reduce((sum, t) => sum + t.amountCents, 0);
}

/**
 * Where a share paid into an artist's escrow is now, following the fan's own money there (the
 * ledger's escrow lines; a fan's money leaves an escrow oldest first): where most of it is — still
 * in escrow, released to the office that claimed the artist, or back with the fan (a refund, a
 * dispute, an expiry). Money that comes back into escrow later (a won dispute) is new money there.
 */
function whereShareIsNow(credit: CreditWhereabouts | undefined): PieStatementLine['whereNow'] {
  if (!credit) return 'escrow';
  const office = credit.takenBy.get(JOURNAL_KINDS.escrowReleased) ?? 0;
  const returned = [...credit.takenBy.values()].reduce((sum, cents) => sum + cents, 0) - office;
  if (credit.heldCents >= office && credit.heldCents >= returned) return 'escrow';
  return office >= returned ? 'office' : 'returned';
}

const csvCell = (value: string | number): string => {
  const text = String(value);
  // Quote always; neutralise spreadsheet formulas in names (=, +, -, @ at the start). A plain
  // number such as "-8.41" stays a number, so a spreadsheet can add the column up.
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

const dollars = (amountCents: number): string => `${amountCents < 0 ? '-' : ''}${Math.floor(Math.abs(amountCents) / 100)}.${String(Math.abs(amountCents) % 100).padStart(2, '0')}`;

/**
 * The statement as CSV, the page's lines in the page's order: `money` (charge, fees, split, to the
 * artists, kept, total, difference), one `paid` line per artist paid, one `not_paid` line per reason
 * with its count of artists. Amounts are plain numbers (cents and dollars, a hyphen for negative) so
 * a spreadsheet can add them up.
 */
export function statementCsv(statement: PieStatement): string {
  const rows: (string | number)[][] = [['section', 'line', 'artist_id', 'artists', 'listened_ms', 'weight', 'where_now', 'amount_cents', 'amount_usd']];
  for (const line of statement.money) rows.push(['money', line.label, '', '', '', '', '', line.amountCents, dollars(line.amountCents)]);
  for (const line of statement.paid) rows.push(['paid', line.name, line.artistId, 1, line.listenedMs, line.weight.toFixed(6), line.whereNow, line.shareCents, dollars(line.shareCents)]);
  for (const group of statement.notPaid) rows.push(['not_paid', group.label, '', group.count, group.listenedMs, '', '', 0, dollars(0)]);
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
