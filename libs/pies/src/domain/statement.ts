import { carriedInLabel, type PieStatement, type PieStatementLine } from '#pie/contracts';
import { accounts, laterDebits, totalsByReference, accountTotalsByReference, type AccountCode, type LaterDebit } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';
import { periodNotFound } from './pies.errors.js';
import { cents } from './pie-rows.js';

/**
 * A closed period's statement: the charge and its fees from the invoice's journal, what each artist
 * received from the close's journal (both read from the ledger, not recomputed), each artist's
 * listened time and weight from the close's snapshot, and where each share is now.
 *
 * The lines add up to the charge: fees + artists' shares + kept in the wallet − carried in from
 * earlier = charge, to the cent.
 */
export async function buildStatement(em: EntityManager, fanId: string, periodId: string): Promise<PieStatement> {
  const [period] = await em.execute<{ id: string; pie_id: string; starts_at: Date; ends_at: Date; closed_at: Date | null; invoice_id: string | null; journal_id: string | null; split_cents: string }[]>(
    `select pr.id, pr.pie_id, pr.starts_at, pr.ends_at, pr.closed_at, pr.invoice_id, pr.journal_id, pr.split_cents
       from pies.periods pr join pies.pies p on p.id = pr.pie_id where pr.id = ? and p.fan_id = ? and pr.state = 'closed'`,
    [periodId, fanId],
  );
  if (!period) throw periodNotFound();

  // The charge: the invoice journal's legs (clearing −gross, fees +, wallet +net).
  const invoiceTotals = period.invoice_id ? await totalsByReference(em, { stripeInvoiceId: period.invoice_id }) : [];
  const invoiceLeg = (kind: string) => invoiceTotals.filter((t) => t.journalKind === 'invoice_paid' && t.accountKind === kind).reduce((sum, t) => sum + t.amountCents, 0);
  const chargeCents = -invoiceLeg('stripe_clearing');
  const fees = [
    { label: 'Payment processing fee (Stripe)', amountCents: invoiceLeg('processor_fees') },
    { label: 'Pie platform fee', amountCents: invoiceLeg('platform_fees') },
  ].filter((fee) => fee.amountCents !== 0 || chargeCents > 0);
  const netToWallet = invoiceLeg('fan_wallet');

  // The close: the wallet leg and each artist's escrow leg of this period's journal.
  const closeTotals = await totalsByReference(em, { piePeriodId: periodId });
  const distributedCents = -closeTotals.filter((t) => t.journalKind === 'pie_period_closed' && t.accountKind === 'fan_wallet').reduce((sum, t) => sum + t.amountCents, 0);
  const toEscrow = await accountTotalsByReference(em, { piePeriodId: periodId }, 'artist_escrow');

  const snapshot = await em.execute<{ artist_id: string; artist_name: string; listened_ms: string; weight: string; selected: boolean; reason: PieStatementLine['reason'] }[]>(
    `select artist_id, artist_name, listened_ms, weight, selected, reason from pies.period_artists where period_id = ?
      order by share_cents desc, listened_ms desc, artist_id`,
    [periodId],
  );
  // What the close split: the wallet's available balance then (the ledger's close journal took the part paid out).
  const splitCents = cents(period.split_cents);
  const totalWeight = snapshot.reduce((sum, row) => sum + BigInt(row.weight), 0n);

  const debitsSince = period.journal_id ? await laterDebits(em, period.journal_id, 'artist_escrow') : [];
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
      whereNow: share === 0 ? 'none' : whereShareIsNow(share, fanId, debitsSince.filter((debit) => debit.account === escrow)),
    };
  });
  const keptInWalletCents = splitCents - distributedCents;
  return {
    periodId,
    pieId: period.pie_id,
    startsAt: new Date(period.starts_at).toISOString(),
    endsAt: new Date(period.ends_at).toISOString(),
    closedAt: new Date(period.closed_at!).toISOString(),
    chargeCents,
    fees,
    carriedInCents: splitCents - netToWallet,
    splitCents,
    distributedCents,
    keptInWalletCents,
    journalId: period.journal_id,
    lines,
  };
}

/**
 * Where a share paid into an artist's escrow is now, from what the ledger took out of that escrow
 * after the close: a release moves the whole escrow to the office that claimed the artist; a refund,
 * a dispute or an expiry takes back what is the fan's; otherwise it is still in escrow.
 */
function whereShareIsNow(shareCents: number, fanId: string, debits: LaterDebit[]): PieStatementLine['whereNow'] {
  if (debits.some((debit) => debit.journalKind === 'escrow_released')) return 'office';
  const returned = debits.filter((debit) => debit.fanId === fanId).reduce((sum, debit) => sum + debit.amountCents, 0);
  return returned >= shareCents ? 'returned' : 'escrow';
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
 * The statement as CSV: one line per fee, per artist paid, the money kept in the wallet and the
 * money carried in from earlier (negative), then the total, which equals the charge.
 */
export function statementCsv(statement: PieStatement): string {
  const rows: (string | number)[][] = [['line', 'artist_id', 'listened_ms', 'weight', 'where_now', 'amount_cents', 'amount_usd']];
  const add = (line: string, amount: number, extra: (string | number)[] = ['', '', '', '']) => rows.push([line, ...extra, amount, dollars(amount)]);
  for (const fee of statement.fees) add(fee.label, fee.amountCents);
  for (const line of statement.lines.filter((l) => l.shareCents > 0)) add(`Artist: ${line.name}`, line.shareCents, [line.artistId, line.listenedMs, line.weight.toFixed(6), line.whereNow]);
  add('Kept in your wallet for the next period', statement.keptInWalletCents);
  if (statement.carriedInCents !== 0) add(carriedInLabel(statement.carriedInCents), -statement.carriedInCents);
  const total = rows.slice(1).reduce((sum, row) => sum + Number(row[5]), 0);
  add('Total (equals the charge)', total);
  rows.push(['Charge', '', '', '', '', statement.chargeCents, dollars(statement.chargeCents)]);
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
