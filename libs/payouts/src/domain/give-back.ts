import { randomUUID } from 'node:crypto';
import { formatCents, type GiveBackView } from '#pie/contracts';
import { accounts, balanceOf, canonicalPostings, lockAccounts, postJournal, JOURNAL_KINDS } from '#pie/ledger';
import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { payoutsDb } from '../db/payouts-db.js';
import { giveBackView } from './payout-rows.js';
import { notEnoughEarnings } from './payouts.errors.js';

/**
 * An office gives part of its earnings to the promotion pool (which funds new fans' free pies):
 * a share (percent, of what the earnings hold now, rounded down to the cent) or an amount. One
 * journal, earnings → `promo_pool`, so it shows in both histories; never more than the earnings.
 */
export async function giveBack(tx: EntityManager, input: { officeId: string; userId: string; sharePercent: number | null; amountCents: number | null }): Promise<GiveBackView> {
  const earnings = accounts.officeEarnings(input.officeId);
  await lockAccounts(tx, [earnings]);
  const held = await balanceOf(tx, earnings);
  const amountCents = input.sharePercent !== null ? Math.floor((held * input.sharePercent) / 100) : (input.amountCents ?? 0);
  if (amountCents <= 0 || amountCents > held) throw notEnoughEarnings(formatCents(held));
  const id = randomUUID();
  const journal = {
    kind: JOURNAL_KINDS.giveBack,
    idempotencyKey: `${JOURNAL_KINDS.giveBack}:${id}`,
    occurredAt: new Date(),
    references: { officeId: input.officeId, giveBackId: id, userId: input.userId },
    postings: [
      { account: earnings, amountCents: -amountCents },
      { account: accounts.promoPool, amountCents },
    ],
  };
  await postJournal(tx, journal, canonicalPostings(journal));
  const row = await payoutsDb(tx)
    .insertInto('payouts.give_backs')
    .values({ id, office_id: input.officeId, amount_cents: amountCents, share_percent: input.sharePercent, given_by: input.userId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return giveBackView(row);
}

export async function giveBacksOf(em: EntityManager, officeId: string, page: { page: number; limit: number }): Promise<{ total: number; items: GiveBackView[] }> {
  const count = await payoutsDb(em).selectFrom('payouts.give_backs').select(sql<number>`count(*)::int`.as('n')).where('office_id', '=', officeId).executeTakeFirst();
  const rows = await payoutsDb(em)
    .selectFrom('payouts.give_backs')
    .selectAll()
    .where('office_id', '=', officeId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { total: count?.n ?? 0, items: rows.map(giveBackView) };
}
