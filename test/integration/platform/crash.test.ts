import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type Stripe from 'stripe';
import { platformFeeCents } from '#pie/billing/testing';
import { Ledger } from '#pie/ledger';
import { SendEmail } from '#pie/notifications';
import { AppConfigSchema, Database, QUEUE_NAMES, QueueRegistry, type AppConfig } from '#pie/platform';
import { ClosePiePeriod } from '#pie/pies/testing';
import { PiePeriodClosed } from '#pie/pies/events';
import { MailCounter } from '../../support/mail-counter.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform, type QueueBackendChoice } from '../../support/test-platform.js';
import { compileWorker, WorkerProcess, type CompiledWorker } from '../../support/worker-process.js';
import { claimedArtist, crashArtistId, fanEmail, seedPayees, seedPeriodCloses } from './crash-fixtures.js';
import { agreesWithStripe } from '#pie/payouts';
import { officesAgainstStripe, PayoutMaker, TransferOfficeEarnings } from '#pie/payouts/testing';
import { accounts } from '#pie/ledger';
import { seededRandom } from '#pie/testing';

/*
 * The crash test (issue 14): many events through the outbox, the relay and the queues while the
 * worker processes (each also runs the relay: killing one kills both) are SIGKILLed at random
 * moments, then every effect must be there exactly once, the outbox drained, and every ledger
 * invariant holding.
 *
 * Events: pie period closes (queued as outbox rows; each close posts its journal, records its
 * event, whose listener records an e-mail job) and Stripe webhooks of fans subscribing and renewing
 * through the sandbox, delivered over HTTP to the api while the workers die (each webhook → billing
 * job → journal, billing events → pies creates the pie and opens the period). A third of the
 * artists are claimed by offices with enabled Stripe accounts: each close's share for them is
 * released to the office (payouts' listener), whose earnings are transferred to Stripe once past the
 * threshold (a job per release, each transfer with its idempotency key); after the kills every
 * office pays out, and the sandbox's clock moves so `payout.paid` comes back as a webhook.
 *
 * `npm run test:crash` is the full run (50,000 events, 20 kills, both queue backends); in `npm test`
 * the same file runs small. CRASH_SEED replays a run's kill schedule (the gaps between kills and
 * which worker dies); CRASH_EVENTS, CRASH_KILLS, CRASH_QUEUES, CRASH_BILLING_FANS resize it.
 *
 * E-mail is the one effect that cannot be exactly once: SMTP has no idempotency key, so a worker
 * killed after the server accepted a message and before its inbox row committed sends it again on
 * the retry; the re-sent message keeps its Message-ID, so each fan gets one message (one Message-ID).
 */

const EVENTS = Number(process.env.CRASH_EVENTS ?? 1_200);
const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const BILLING_FANS = Number(process.env.CRASH_BILLING_FANS ?? 4);
/** Offices with a Stripe account and claims on every third artist: releases, transfers and payouts. */
const OFFICES = Number(process.env.CRASH_OFFICES ?? 3);
const BACKENDS = (process.env.CRASH_QUEUES ?? 'postgres').split(',') as QueueBackendChoice[];
const SEED = Number(process.env.CRASH_SEED ?? randomInt(1, 2 ** 31));
/**
 * Worker processes at once. On the Postgres queue backend each process holds some 40 connections
 * (a pool per queue), so one there keeps a shared server under its connection limit; its kills
 * leave no worker at all until the next one is up, which is the harsher case anyway.
 */
const workersFor = (queues: QueueBackendChoice) => Number(process.env.CRASH_WORKERS ?? (queues === 'redis' ? 2 : 1));
/**
 * The shipped lock durations (AppConfig's defaults: 30 s, checked every 15 s): a killed worker's jobs
 * are taken over as they would be in production. CRASH_LOCK_MS shortens them to iterate faster.
 */
const LOCK_MS = Number(process.env.CRASH_LOCK_MS ?? AppConfigSchema.shape.QUEUE_LOCK_DURATION_MS.parse(undefined));
const STALLED_CHECK_MS = Number(process.env.CRASH_STALLED_MS ?? AppConfigSchema.shape.QUEUE_STALLED_INTERVAL_MS.parse(undefined));
const TIMEOUT_MS = Number(process.env.CRASH_TIMEOUT_MS ?? 600_000);

/** The events a period close makes: its job, its `pies.pie-period-closed.v1`, its e-mail job. */
const OUTBOX_ROWS_PER_CLOSE = 3;
const PERIODS = Math.max(10, Math.round(EVENTS / OUTBOX_ROWS_PER_CLOSE));


/**
 * A kill falls when a share of the period closes is done (`atShare`, 5–85%), `delayMs` (0–250 ms)
 * later, on worker `worker`: moments measured in progress rather than in seconds, so a kill lands
 * in the middle of the work however fast or loaded the machine is, and the same seed kills at the
 * same points of the work.
 */
interface Kill {
  atShare: number;
  delayMs: number;
  worker: number;
}

/** The whole kill schedule, drawn up front from the seed: printed, so a failing run can be replayed. */
function killSchedule(seed: number, workers: number): Kill[] {
  const random = seededRandom(seed);
  const kills = Array.from({ length: KILLS }, () => ({ atShare: 0.05 + random() * 0.8, delayMs: Math.floor(random() * 250), worker: Math.floor(random() * workers) }));
  return kills.sort((a, b) => a.atShare - b.atShare);
}

const describeKill = (kill: Kill) => `${(kill.atShare * 100).toFixed(1)}%+${kill.delayMs}ms→w${kill.worker}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

let compiled: CompiledWorker;
beforeAll(async () => {
  compiled = await compileWorker();
  console.log(
    `[crash] CRASH_SEED=${SEED} events≈${EVENTS} (${PERIODS} period closes + webhooks of ${BILLING_FANS} fans) kills=${KILLS} ` +
      `queues=${BACKENDS.join(',')}` +
      BACKENDS.map((queues) => `\n  ${queues}: ${workersFor(queues)} worker(s), kills ${killSchedule(SEED, workersFor(queues)).map(describeKill).join(' ')}`).join(''),
  );
}, 120_000);
afterAll(async () => {
  await compiled?.remove();
});

describe.each(BACKENDS)('crash test on the %s queue backend', (queues) => {
  let platform: TestPlatform;
  let sql: Sql;
  let mail: MailCounter;
  let workerConfig: AppConfig;
  const workers: WorkerProcess[] = [];
  const WORKERS = workersFor(queues);

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: `crash-${queues}`, queues, worker: false, stripe: true });
    sql = openSql(platform.database.url);
    mail = await MailCounter.start();
    workerConfig = {
      ...platform.config,
      SMTP_URL: mail.url,
      // 'info': the worker's "Workers started" line is how the harness knows it is up.
      LOG_LEVEL: 'info',
      QUEUE_LOCK_DURATION_MS: LOCK_MS,
      QUEUE_STALLED_INTERVAL_MS: STALLED_CHECK_MS,
      // Retries (a fan's later close waiting for the earlier, an invoice before its pie) come back within seconds.
      QUEUE_BACKOFF_MAX_MS: 5_000,
    };
  }, 180_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()));
    await mail?.close();
    await sql?.close();
    await platform?.close();
  });

  const killed = new Set<WorkerProcess>();

  /** Starts a worker in `slot`; resolves once it is up (or once it was killed on purpose before it was). */
  function startWorker(slot: number): Promise<void> {
    const worker = WorkerProcess.start(compiled, workerConfig);
    workers[slot] = worker;
    return worker.ready(120_000).catch((error: unknown) => {
      if (!killed.has(worker)) throw error;
    });
  }

  /**
   * Work still to do, named: unpublished outbox rows, and jobs waiting or running in any queue. The
   * schedulers' own ticks (a job with a `repeatJobKey`: the heartbeat every 30 s, the minute's close
   * and poll schedules) are not work the run left: one is waiting or running at some instant of any
   * minute; what a tick finds to do is an outbox row or a job of its own, and counts.
   */
  async function remainingWork(): Promise<string[]> {
    const unpublished = Number(await sql.value(`select count(*) from platform.outbox where published_at is null`));
    const registry = platform.api.get(QueueRegistry);
    const left = unpublished > 0 ? [`${unpublished} unpublished outbox row(s)`] : [];
    for (const name of QUEUE_NAMES) {
      for (const state of ['waiting', 'active', 'prioritized'] as const) {
        const jobs = (await registry.get(name).getJobs([state])).filter((job) => job?.id && !job.repeatJobKey);
        left.push(...jobs.map((job) => `${name}/${job.name} ${job.id} (${state})`));
      }
    }
    return left;
  }
  const workRemaining = async () => (await remainingWork()).length;

  /** Fans subscribe through the sandbox's Stripe and renew once; the sandbox delivers every event to the api. */
  async function subscribeAndRenew(): Promise<Map<string, string>> {
    const stripe = platform.stripe;
    const fanOfCustomer = new Map<string, string>();
    for (let n = 0; n < BILLING_FANS; n++) {
      const fanId = randomUUID();
      const customer = await stripe.customers.create({ metadata: { fan_id: fanId }, email: `crash-billing-${n}@example.test` });
      fanOfCustomer.set(customer.id, fanId);
      const amount = 500 + n * 37;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, recurring: { interval: 'day', interval_count: 7 }, product_data: { name: 'Pie' } } }],
        metadata: { fan_id: fanId },
        subscription_data: { metadata: { fan_id: fanId, amount_cents: String(amount), pie_days: '7' } },
        success_url: 'http://localhost:3000/pie/successCheckout?session_id={CHECKOUT_SESSION_ID}',
      });
      await platform.stripeControl.payCheckoutSession(session.id, '4242424242424242');
    }
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await platform.stripeControl.flushWebhooks();
    return fanOfCustomer;
  }

  it('makes every effect exactly once, drains the outbox and keeps every ledger invariant', async () => {
    onTestFailed(() => {
      for (const worker of workers) console.error(`[crash ${queues}] worker ${worker.pid} log:\n${worker.log.slice(-4000)}`);
    });
    const started = Date.now();
    const seeded = await seedPeriodCloses(platform, PERIODS);
    const seededMs = Date.now() - started;
    const payees = await seedPayees(platform, OFFICES);
    console.log(`[crash ${queues}] seeded ${PERIODS} period closes and ${OFFICES} connected offices in ${seconds(Date.now() - started)} s`);

    await Promise.all(Array.from({ length: WORKERS }, (_, slot) => startWorker(slot)));
    const runStarted = Date.now();

    // The kills, while the webhooks come in and the outbox is worked through.
    const billing = BILLING_FANS > 0 ? subscribeAndRenew() : Promise.resolve(new Map<string, string>());
    billing.catch(() => undefined);
    // Each kill when its share of the closes is done; the replacement boots while the work goes on.
    const closedShare = async () => Number(await sql.value(`select count(*) from pies.periods where id::text like '00000000-0000-4000-e000-%' and state = 'closed'`)) / PERIODS;
    const trace: string[] = [];
    const starting: Promise<void>[] = [];
    let busyKills = 0;
    for (const kill of killSchedule(SEED, WORKERS)) {
      await eventually(`${(kill.atShare * 100).toFixed(1)}% of the closes`, async () => (await closedShare()) >= kill.atShare, TIMEOUT_MS, 100);
      await sleep(kill.delayMs);
      const remaining = await workRemaining();
      if (remaining > 0) busyKills += 1;
      const victim = workers[kill.worker];
      killed.add(victim);
      await victim.kill();
      trace.push(`${seconds(Date.now() - runStarted)}s ${describeKill(kill)} (${remaining} to do)`);
      starting.push(startWorker(kill.worker));
    }
    await Promise.all(starting);
    const killsMs = Date.now() - runStarted;
    console.log(`[crash ${queues}] kills: ${trace.join(', ')}`);
    const fanOfCustomer = await billing;

    // What Stripe says the billing side must come to: one journal per paid invoice, each wallet the sum of its nets.
    const stripe = platform.stripe;
    const walletFromStripe = new Map<string, number>();
    let paidInvoices = 0;
    for await (const charge of stripe.charges.list({ limit: 100, expand: ['data.balance_transaction'] })) {
      if (charge.status !== 'succeeded') continue;
      paidInvoices += 1;
      const fan = fanOfCustomer.get(charge.customer as string)!;
      const net = charge.amount - (charge.balance_transaction as Stripe.BalanceTransaction).fee - platformFeeCents(charge.amount, platform.config.PLATFORM_FEE_BPS);
      walletFromStripe.set(fan, (walletFromStripe.get(fan) ?? 0) + net);
    }
    expect(paidInvoices).toBe(BILLING_FANS * 2);

    // The drain: every close done, every e-mail sent, every invoice booked and opened, nothing left to relay or run.
    const count = async (text: string, params?: unknown[]) => Number(await sql.value(text, params));
    await eventually(
      'every effect and an empty outbox and queues',
      async () =>
        (await count(`select count(*) from pies.periods where id::text like '00000000-0000-4000-e000-%' and state = 'closed'`)) === PERIODS &&
        (await count(`select count(*) from ledger.journals where kind = 'invoice_paid'`)) === paidInvoices &&
        (await count(`select count(*) from pies.periods where invoice_id is not null`)) === paidInvoices &&
        (await count(`select count(*) from platform.inbox where consumer = $1`, [SendEmail.name])) === (await count(`select count(*) from platform.outbox where job_name = $1`, [SendEmail.name])) &&
        (await workRemaining()) === 0,
      TIMEOUT_MS,
      500,
    );
    // Every office pays out what reached its Stripe account; the clock moves and payout.paid comes back.
    const payoutMaker = platform.api.get(PayoutMaker);
    let payoutsMade = 0;
    for (const officeId of payees.officeIds) {
      const made = await payoutMaker.payOutAvailable(officeId, officeId).catch((error: { code?: string }) => (error.code === 'payouts.nothing-to-pay-out' ? null : Promise.reject(error)));
      if (made) payoutsMade += 1;
    }
    await platform.stripeControl.advanceClock({ days: 3 });
    await platform.stripeControl.flushWebhooks();
    await eventually(
      'every payout paid and nothing left to do',
      async () => (await count(`select count(*) from payouts.payouts where status = 'paid'`)) === payoutsMade && (await workRemaining()) === 0,
      TIMEOUT_MS,
      500,
    );
    // The same again after a lock period and a stalled check: nothing late or repeated shows up.
    await sleep(LOCK_MS + STALLED_CHECK_MS);
    expect(await remainingWork()).toEqual([]);
    const drainedMs = Date.now() - runStarted;

    // Every event exactly once: the outbox holds each close's event and e-mail job once, all published.
    const outbox = await sql.query<{ job_name: string; n: string }>(`select job_name, count(*) as n from platform.outbox group by job_name order by 2 desc`);
    const events = outbox.reduce((sum, row) => sum + Number(row.n), 0);
    expect(await count(`select count(*) from platform.outbox where published_at is null`)).toBe(0);
    const byName = Object.fromEntries(outbox.map((row) => [row.job_name, Number(row.n)]));
    expect(byName[ClosePiePeriod.name]).toBe(PERIODS);
    expect(byName[PiePeriodClosed.name]).toBe(PERIODS);
    expect(await count(`select count(*) from (select payload ->> 'periodId' from platform.outbox where job_name = $1 group by 1 having count(*) > 1) d`, [PiePeriodClosed.name])).toBe(0);
    expect(await count(`select count(*) from platform.inbox where consumer = 'pies.send-period-closed-email'`)).toBe(PERIODS);
    expect(await count(`select count(*) from (select payload ->> 'to' from platform.outbox where job_name = $1 and payload ->> 'to' like 'crash-fan-%' group by 1 having count(*) > 1) d`, [SendEmail.name])).toBe(0);
    expect(await count(`select count(*) from platform.outbox where job_name = $1 and payload ->> 'to' like 'crash-fan-%'`, [SendEmail.name])).toBe(PERIODS);

    // Every close: one journal, the snapshot's shares equal to it, the wallet what was funded less what was given.
    const closes = await sql.query<{ closed: string; journals: string; distributed: string; rolled: string }>(
      `select count(*) as closed, count(pr.journal_id) as journals, coalesce(sum(pr.distributed_cents), 0) as distributed, count(*) filter (where pr.rolled_over) as rolled
         from pies.periods pr where pr.id::text like '00000000-0000-4000-e000-%'`,
    );
    expect(Number(closes[0].closed)).toBe(PERIODS);
    const closeJournals = await count(`select count(*) from ledger.journals where kind = 'pie_period_closed'`);
    expect(closeJournals).toBe(Number(closes[0].journals));
    expect(await count(`select count(*) from ledger.journals j join pies.periods pr on pr.journal_id = j.id where j.idempotency_key <> 'pie_period_closed:' || pr.id`)).toBe(0);
    const disagreeing = await sql.query(
      `select pr.id from pies.periods pr
         left join (select period_id, sum(share_cents) as shares from pies.period_artists group by period_id) s on s.period_id = pr.id
         left join (select p.journal_id, sum(p.amount_cents) filter (where p.amount_cents > 0) as moved from ledger.postings p group by p.journal_id) j on j.journal_id = pr.journal_id
        where pr.id::text like '00000000-0000-4000-e000-%'
          and (coalesce(s.shares, 0) <> pr.distributed_cents or coalesce(j.moved, 0) <> pr.distributed_cents)
        limit 5`,
    );
    expect(disagreeing).toEqual([]);
    // fundingCents(n) in SQL, n being the fan's number (the last 12 hex digits of its id).
    const wallets = await sql.query<{ code: string; balance_cents: string; expected: string }>(
      `select a.code, a.balance_cents, 500 + ((('x' || right(pi.fan_id::text, 12))::bit(48)::bigint * 7919) % 2000) - pr.distributed_cents as expected
         from pies.periods pr join pies.pies pi on pi.id = pr.pie_id join ledger.accounts a on a.code = 'fan_wallet:' || pi.fan_id
        where pr.id::text like '00000000-0000-4000-e000-%'`,
    );
    expect(wallets).toHaveLength(PERIODS);
    expect(wallets.filter((row) => row.balance_cents !== row.expected)).toEqual([]);

    // The webhooks: each stored once, each paid invoice one journal, the wallets as Stripe says, one pie per subscription.
    const stripeEvents = await count(`select count(*) from billing.stripe_events`);
    expect(await count(`select count(*) from (select "references" ->> 'stripeInvoiceId' from ledger.journals where kind = 'invoice_paid' group by 1 having count(*) > 1) d`)).toBe(0);
    for (const [fan, cents] of walletFromStripe) expect(await new Ledger(platform.api.get(Database)).balanceOf(`fan_wallet:${fan}`)).toBe(cents);
    expect(await count(`select count(*) from pies.pies where subscription_id not like 'sub_crash_%'`)).toBe(BILLING_FANS);

    // The e-mails: every fan told exactly once. SMTP has no idempotency key, so a worker killed between
    // the server's "250" and the inbox row's commit hands that message over again; it carries the same
    // Message-ID (the event's id), so it is the same message to the person: one Message-ID per fan.
    for (let n = 0; n < PERIODS; n++) expect(mail.messageIdsByRecipient.get(fanEmail(n))?.size, fanEmail(n)).toBe(1);
    const duplicateMails = mail.duplicates().reduce((sum, [, times]) => sum + times - 1, 0);
    expect(duplicateMails).toBeLessThanOrEqual(KILLS);

    // The offices: every claimed artist's share released once (their escrow empty, the releases equal
    // to the shares), every due transfer made once (none pending, none left due), and Stripe's
    // transfers and payouts equal to the ledger's journals, office by office.
    const claimedIds = Array.from({ length: 60 }, (_, a) => a).filter(claimedArtist).map(crashArtistId);
    const claimedEscrow = `{${claimedIds.map((id) => accounts.artistEscrow(id)).join(',')}}`;
    expect(await count(`select count(*) from ledger.accounts where code = any($1::text[]) and balance_cents <> 0`, [claimedEscrow])).toBe(0);
    const sharesToClaimed = await count(`select coalesce(sum(share_cents), 0) from pies.period_artists where artist_id = any($1::uuid[])`, [`{${claimedIds.join(',')}}`]);
    const released = await count(`select coalesce(sum(p.amount_cents), 0) from ledger.journals j join ledger.postings p on p.journal_id = j.id where j.kind = 'escrow_released' and p.amount_cents > 0`);
    expect(released).toBe(sharesToClaimed);
    expect(byName[TransferOfficeEarnings.name]).toBe(await count(`select count(*) from ledger.journals where kind = 'escrow_released'`));
    expect(await count(`select count(*) from payouts.transfers where status <> 'made'`)).toBe(0);
    expect(await count(`select count(*) from ledger.accounts where kind = 'office_earnings' and balance_cents >= $1`, [platform.config.TRANSFER_THRESHOLD_CENTS])).toBe(0);
    const offices = await officesAgainstStripe(platform.api.get(Database).em(), platform.stripe);
    expect(offices.filter((office) => !agreesWithStripe(office))).toEqual([]);
    const transfers = offices.reduce((sum, office) => sum + office.stripe!.transfers, 0);
    expect(transfers).toBe(await count(`select count(*) from payouts.transfers`));
    expect(offices.reduce((sum, office) => sum + ('payouts' in office.stripe! ? office.stripe.payouts : 0), 0)).toBe(payoutsMade);

    // Nothing given up on, and the books.
    expect(await count(`select count(*) from platform.dead_jobs`)).toBe(0);
    const report = await new Ledger(platform.api.get(Database)).checkInvariants();
    expect(report.results.filter((result) => !result.ok)).toEqual([]);
    expect(busyKills).toBe(KILLS);

    console.log(
      `[crash ${queues}] CRASH_SEED=${SEED}: ${events} events through the outbox (${outbox.map((row) => `${row.job_name} ${row.n}`).join(', ')}), ` +
        `${stripeEvents} Stripe webhooks; ${KILLS} SIGKILLs (${busyKills} while work remained) of ${WORKERS} worker+relay processes over ${seconds(killsMs)} s; ` +
        `drained ${seconds(drainedMs)} s after the workers started (seeding ${seconds(seededMs)} s). Effects checked: ${PERIODS} closes ` +
        `(${closeJournals} journals, ${closes[0].rolled} rolled over, ${closes[0].distributed} cents of ${seeded.fundedCents} funded), ${PERIODS} fan wallets, ` +
        `${paidInvoices} invoice journals and ${walletFromStripe.size} Stripe-funded wallets, ${released} cents released to ${OFFICES} offices, ` +
        `${transfers} Stripe transfers and ${payoutsMade} paid payouts equal to the ledger, ${PERIODS} listener inbox rows, ${mail.total} e-mails ` +
        `(${duplicateMails} re-sent after a kill), ${report.results.length} ledger invariants hold, 0 dead jobs`,
    );
  }, TIMEOUT_MS + 300_000);
});
