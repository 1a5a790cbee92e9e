/**
 * Gives the demo fan a pie with two closed periods and one running, closed by the real close job.
 * Once the demo fan's listening is in (the export upload is imported by the worker), it creates
 * the pie with the pies module's own code, funds each period's wallet money through the ledger
 * (a `demo_funding` journal, Stripe clearing → the fan's wallet, standing in for the invoices
 * billing's sandbox payments post), and leaves the two ended periods for the worker's close
 * scheduler, which closes them within a minute. Runs once: skipped when the fan has a pie.
 */
import { accounts, canonicalPostings, postJournal } from '#pie/ledger';
import { createOrm, type EntityManager } from '#pie/platform';
import { createPie, openPeriod } from '#pie/pies';
import { DEMO_FAN } from './demo-data.ts';

const DAY = 86_400_000;
const PERIOD_DAYS = 30;
const NET_PER_PERIOD_CENTS = 841; // $10.00 less Stripe's 59¢ and Pie's 10%

async function waitForListening(em: EntityManager, fanId: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [state] = await em.execute<{ plays: number; pending: number }[]>(
      `select (select count(*)::int from listening.plays where fan_id = ?) as plays,
              (select count(*)::int from listening.imports where fan_id = ? and status in ('uploading', 'queued', 'processing')) as pending`,
      [fanId, fanId],
    );
    if (state.plays > 0 && state.pending === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

async function fund(tx: EntityManager, fanId: string, n: number, at: Date): Promise<void> {
  const input = {
    kind: 'demo_funding',
    idempotencyKey: `demo_funding:${fanId}:${n}`,
    occurredAt: at,
    references: { fanId, demo: true },
    postings: [
      { account: accounts.stripeClearing, amountCents: -NET_PER_PERIOD_CENTS },
      { account: accounts.fanWallet(fanId), amountCents: NET_PER_PERIOD_CENTS },
    ],
  };
  await postJournal(tx, input, canonicalPostings(input));
}

export async function seedDemoPies(databaseUrl: string): Promise<string> {
  const orm = await createOrm({ databaseUrl, poolMax: 2 });
  try {
    const em = orm.em.fork();
    const [fan] = await em.execute<{ id: string }[]>(`select id from identity.fans where email = ?`, [DEMO_FAN.email]);
    if (!fan) return 'no demo fan';
    const [existing] = await em.execute(`select 1 from pies.pies where fan_id = ?`, [fan.id]);
    if (existing) return 'the demo fan already has a pie';
    if (!(await waitForListening(em, fan.id, 600_000))) return 'the demo fan has no listening yet; no demo pie';
    const now = Date.now();
    const starts = [now - 2 * PERIOD_DAYS * DAY, now - PERIOD_DAYS * DAY - DAY / 2, now - DAY / 2].map((t) => new Date(t));
    await orm.em.fork().transactional(async (tx) => {
      const { pieId } = await createPie(tx, {
        fanId: fan.id,
        subscriptionId: null,
        promo: false,
        // Five artists: each period's share for the demo office's verified artist (the fan's favourite) is then over a few dollars.
        settings: { amountCents: 1000, artistLimit: 5, artistPopularity: 0, excludeNonActive: false, pieDays: PERIOD_DAYS },
        firstPeriod: { startsAt: starts[0], endsAt: starts[1] },
      });
      await openPeriod(tx, pieId, { startsAt: starts[1], endsAt: starts[2] }, null);
      await openPeriod(tx, pieId, { startsAt: starts[2], endsAt: new Date(starts[2].getTime() + PERIOD_DAYS * DAY) }, null);
      for (const [n, at] of starts.entries()) await fund(tx, fan.id, n + 1, at);
    });
    return 'created the demo fan’s pie: two ended periods (the worker closes them within a minute) and one running';
  } finally {
    await orm.close(true);
  }
}
