/**
 * Gives the demo fan one pie with two ended periods (and one running) that the worker's close job
 * splits, once the demo fan's listening is in (the export upload is imported by the worker): the
 * splits need that listening. It waits for the import first, then makes the pie one way:
 *
 * - with the sandbox's Stripe (`npm start`'s default): the fan pays for it as any fan does, the
 *   renewals on the fan's own test clock (scripts/demo-payments.ts). The pie is the subscription's,
 *   each period linked to the invoice that paid it.
 * - without it (a real Stripe key, or PIE_DEMO_PAYMENTS=false): the pie is made with the pies
 *   module's own code and each period's wallet money is funded through the ledger (a
 *   `demo_funding` journal, Stripe clearing → the fan's wallet, standing in for invoices).
 *
 * Either way the worker's close scheduler closes the two ended periods within a minute or two.
 * Runs once: skipped when the fan has a pie (checked again after the wait, so exactly one path
 * ever makes the demo fan's pie).
 */
import { accounts, canonicalPostings, postJournal, type JournalKind } from '#pie/ledger';
import { createOrm, type EntityManager } from '#pie/platform';
import { createPie, openPeriod } from '#pie/pies/testing';
import { DEMO_FAN, DEMO_SCROBBLER } from './demo-data.ts';
import { seedDemoPayments } from './demo-payments.ts';

const DAY = 86_400_000;
const PERIOD_DAYS = 30;
const NET_PER_PERIOD_CENTS = 841; // $10.00 less Stripe's 59¢ and Pie's 10%
/**
 * The demo's own journal kind, outside the ledger's JOURNAL_KINDS on purpose: only this demo posts
 * it (the wallet shows it as a payment, by its direction).
 */
const DEMO_FUNDING_KIND = 'demo_funding' as JournalKind;

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

async function hasPie(em: EntityManager, fanId: string): Promise<boolean> {
  const [existing] = await em.execute(
    `select 1 from pies.pies where fan_id = ? union all select 1 from billing.subscriptions where fan_id = ? limit 1`,
    [fanId, fanId],
  );
  return Boolean(existing);
}

async function fund(tx: EntityManager, fanId: string, n: number, at: Date): Promise<void> {
  const input = {
    kind: DEMO_FUNDING_KIND,
    idempotencyKey: `${DEMO_FUNDING_KIND}:${fanId}:${n}`,
    occurredAt: at,
    references: { fanId, demo: true },
    postings: [
      { account: accounts.stripeClearing, amountCents: -NET_PER_PERIOD_CENTS },
      { account: accounts.fanWallet(fanId), amountCents: NET_PER_PERIOD_CENTS },
    ],
  };
  await postJournal(tx, input, canonicalPostings(input));
}

/** The pie without a Stripe to pay through: the pies module's own code, the wallet funded through the ledger. */
async function seedLedgerFundedPie(em: EntityManager, fanId: string): Promise<string> {
  const now = Date.now();
  // Ends more than two hours ago (a period closes two hours after its end), and a period running now.
  const starts = [now - 2 * PERIOD_DAYS * DAY, now - PERIOD_DAYS * DAY - DAY / 2, now - DAY / 2].map((t) => new Date(t));
  await em.transactional(async (tx) => {
    const { pieId } = await createPie(tx, {
      fanId,
      subscriptionId: null,
      promo: false,
      // Five artists: each period's share for the demo office's verified artist (the fan's favourite) is then over a few dollars.
      settings: { amountCents: 1000, artistLimit: 5, artistPopularity: 0, excludeNonActive: false, pieDays: PERIOD_DAYS },
      firstPeriod: { startsAt: starts[0], endsAt: starts[1] },
    });
    await openPeriod(tx, pieId, { startsAt: starts[1], endsAt: starts[2] }, null);
    await openPeriod(tx, pieId, { startsAt: starts[2], endsAt: new Date(starts[2].getTime() + PERIOD_DAYS * DAY) }, null);
    for (const [n, at] of starts.entries()) await fund(tx, fanId, n + 1, at);
  });
  return 'created the demo fan’s pie (funded through the ledger, no Stripe): two ended periods (the worker closes them within a minute or two) and one running';
}

/**
 * Waits for the Last.fm-only demo fan's history to be read (the back-fill done: false if it never
 * is), then, for up to `catalogueMs` more, for their scrobbles of the pie's days to be on catalogue
 * tracks, which the demo fan's export brings (the worker merges the scrobbles' name-only tracks into
 * them as it fills them in): the statements then name artists with pictures. Name-only scrobbled
 * tracks count in a split too, so the pie is made either way.
 */
async function waitForScrobbles(em: EntityManager, fanId: string, timeoutMs: number, catalogueMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let catalogueDeadline: number | null = null;
  while (Date.now() < deadline) {
    const [state] = await em.execute<{ status: string | null; plays: number; known: number }[]>(
      `select (select status from listening.scrobble_sources where fan_id = ? and kind = 'lastfm') as status,
              count(*)::int as plays, count(*) filter (where t.metadata_fetched_at is not null)::int as known
         from listening.plays p join listening.tracks t on t.id = p.track_id
        where p.fan_id = ? and p.played_at > now() - make_interval(days => ?)`,
      [fanId, fanId, 2 * PERIOD_DAYS + 1],
    );
    if (state.status === 'connected' && state.plays > 0) {
      catalogueDeadline ??= Date.now() + catalogueMs;
      if (state.known >= state.plays * 0.9 || Date.now() > catalogueDeadline) return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return false;
}

/**
 * The Last.fm-only demo fan's pie (issue 33), funded through the ledger like the demo fan's
 * without Stripe: two ended periods that the worker's close splits among the artists of their
 * scrobbles, and one running. Waits for the Last.fm back-fill first. Runs once.
 */
export async function seedDemoScrobblerPie(options: { databaseUrl: string }): Promise<string> {
  const orm = await createOrm({ databaseUrl: options.databaseUrl, poolMax: 2 });
  try {
    const em = orm.em.fork();
    const [fan] = await em.execute<{ id: string }[]>(`select id from identity.fans where email = ?`, [DEMO_SCROBBLER.email]);
    if (!fan) return 'no Last.fm demo fan';
    if (await hasPie(em, fan.id)) return 'the Last.fm demo fan already has a pie';
    if (!(await waitForScrobbles(em, fan.id, 900_000, 300_000))) return 'the Last.fm demo fan’s history is not read yet; no pie for them';
    if (await hasPie(em, fan.id)) return 'the Last.fm demo fan already has a pie';
    await seedLedgerFundedPie(orm.em.fork(), fan.id);
    return `created ${DEMO_SCROBBLER.email}'s pie from their Last.fm history (funded through the ledger): two ended periods the worker closes, one running`;
  } finally {
    await orm.close(true);
  }
}

export async function seedDemoPies(options: {
  databaseUrl: string;
  /** The sandbox's Stripe to pay through; null makes a ledger-funded pie instead. */
  payments: { appUrl: string; stripeUrl: string } | null;
}): Promise<string> {
  const orm = await createOrm({ databaseUrl: options.databaseUrl, poolMax: 2 });
  try {
    const em = orm.em.fork();
    const [fan] = await em.execute<{ id: string }[]>(`select id from identity.fans where email = ?`, [DEMO_FAN.email]);
    if (!fan) return 'no demo fan';
    if (await hasPie(em, fan.id)) return 'the demo fan already has a pie';
    if (!(await waitForListening(em, fan.id, 600_000))) return 'the demo fan has no listening yet; no demo pie';
    if (await hasPie(em, fan.id)) return 'the demo fan already has a pie';
    if (options.payments) return await seedDemoPayments({ ...options.payments, databaseUrl: options.databaseUrl });
    return await seedLedgerFundedPie(orm.em.fork(), fan.id);
  } finally {
    await orm.close(true);
  }
}
