import { randomUUID } from 'node:crypto';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { createPie } from '#pie/pies/testing';
import type { PieSettings } from '#pie/contracts';
import type { TestPlatform } from '../../support/test-platform.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

/*
 * Factories for the pies tests: a pie made by the module's own creation code (what billing's
 * subscription-activated event runs), and wallet money posted through the real ledger as a paid
 * invoice would post it (Stripe clearing → the fan's wallet).
 */

export const DAY = 86_400_000;

export const defaultSettings: PieSettings = { amountCents: 1000, artistLimit: 20, artistPopularity: 0, excludeNonActive: false, pieDays: 30 };

export async function makePie(
  platform: TestPlatform,
  fanId: string,
  options: { settings?: Partial<PieSettings>; startsAt: Date; endsAt: Date; subscriptionId?: string | null },
): Promise<{ pieId: string; periodId: string }> {
  const database = platform.api.get(Database);
  const { pieId } = await database.transaction((tx) =>
    createPie(tx, {
      fanId,
      subscriptionId: options.subscriptionId === undefined ? `sub_${randomUUID().slice(0, 12)}` : options.subscriptionId,
      promo: false,
      settings: { ...defaultSettings, ...options.settings },
      firstPeriod: { startsAt: options.startsAt, endsAt: options.endsAt },
    }),
  );
  const [period] = await database.em().execute<{ id: string }[]>(`select id from pies.periods where pie_id = ? order by seq desc limit 1`, [pieId]);
  return { pieId, periodId: period.id };
}

/** Money into the fan's wallet as a paid invoice puts it there (net of fees). */
export async function fundWallet(platform: TestPlatform, fanId: string, amountCents: number, occurredAt: Date): Promise<void> {
  const ledger = new Ledger(platform.api.get(Database));
  await ledger.post({
    kind: TEST_JOURNAL_KINDS.funding,
    idempotencyKey: `test_funding:${randomUUID()}`,
    occurredAt,
    references: { fanId },
    postings: [
      { account: accounts.stripeClearing, amountCents: -amountCents },
      { account: accounts.fanWallet(fanId), amountCents },
    ],
  });
}

/**
 * A paid invoice as billing posts it (same kind, key, references and legs: clearing −gross, the
 * processor and platform fees, the net to the wallet), with the pie period it funds.
 */
export async function payInvoice(
  platform: TestPlatform,
  fanId: string,
  invoice: { id: string; grossCents: number; processorFeeCents: number; platformFeeCents: number; paidAt: Date },
): Promise<number> {
  const net = invoice.grossCents - invoice.processorFeeCents - invoice.platformFeeCents;
  await new Ledger(platform.api.get(Database)).post({
    kind: 'invoice_paid',
    idempotencyKey: `invoice_paid:${invoice.id}`,
    occurredAt: invoice.paidAt,
    references: { fanId, stripeInvoiceId: invoice.id },
    postings: [
      { account: accounts.stripeClearing, amountCents: -invoice.grossCents },
      { account: accounts.processorFees, amountCents: invoice.processorFeeCents },
      { account: accounts.platformFees, amountCents: invoice.platformFeeCents },
      { account: accounts.fanWallet(fanId), amountCents: net },
    ],
  });
  return net;
}
