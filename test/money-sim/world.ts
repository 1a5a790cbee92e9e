import { writePlays, type IncomingPlay } from '#pie/listening/testing';
import { ExpireEscrow, SweepTransfers } from '#pie/payouts/testing';
import { Database, QUEUE_NAMES, QueueRegistry, type MessageType } from '#pie/platform';
import { SchedulePeriodCloses } from '#pie/pies/testing';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '#pie/identity/testing';
import { logIn, makeAccount, type TestAccount } from '../support/accounts.js';
import { openSql, type Sql } from '../support/sql.js';
import { TestPlatform } from '../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin, type CatalogueArtist } from '../integration/claims/artist-area-fixtures.js';
import { makeTrack, type CatalogueTrack } from '../integration/listening/listening-fixtures.js';
import type { OfficeAdmin } from '../integration/payouts/payouts-fixtures.js';
import { DAY_MS, SimClock } from './sim-clock.js';

/** The month's last day (UTC): the day Pie's sweep sends month-end transfers whatever the threshold. */
const isLastDayOfMonth = (now: Date) => new Date(now.getTime() + DAY_MS).getUTCMonth() !== now.getUTCMonth();

const FAN_PASSWORD = 'a good long password';

/** The population and the platform's knobs of one run. */
export interface WorldShape {
  /** How many fans may join over the run. */
  fans: number;
  artists: number;
  offices: number;
  /** Escrow older than this goes back to the fans (short, so a few hundred days see expiries). */
  escrowExpiryDays: number;
  transferThresholdCents: number;
}

export interface SimFan {
  index: number;
  id: string;
  email: string;
  cookies: Record<string, string>;
  /** Set once the fan has paid a checkout (their Stripe customer). */
  customerId?: string;
  deleted: boolean;
  /** Simulated time of the account's deletion (deleted fans are never charged after it). */
  deletedAtMs?: number;
}

export interface SimArtist {
  index: number;
  artist: CatalogueArtist;
  track: CatalogueTrack;
}

export interface SimOffice {
  index: number;
  admin: OfficeAdmin;
  /** The office's current Stripe account (a new one after it onboards again following a deauthorization). */
  stripeAccount?: string;
  /**
   * Accounts that removed Pie's access (`stripe.deauthorize`): Stripe answers 403 to anything about
   * them, so nothing reads them any more (the office's next onboarding makes a new account).
   */
  deauthorized: Set<string>;
  /** Claims made by this office, by artist index. */
  claims: Map<number, string>;
}

/** A 5xx (or any answer the simulation did not expect) from the platform: a failure whatever the invariants say. */
export class UnexpectedAnswer extends Error {}

/**
 * The platform one simulation runs against — the real api and worker in-process, the sandbox's
 * Stripe delivering webhooks over HTTP, its own database and queues — and the people in it: the
 * catalogue's artists (each with a track), the offices (an artist user who made each), an admin,
 * and the fans who join as operations say so.
 */
export class World {
  readonly fans: SimFan[] = [];
  readonly artists: SimArtist[] = [];
  readonly offices: SimOffice[] = [];
  /** Offices that went through onboarding again after a disconnect or a deauthorization, and were not cut off since. */
  readonly reconnected = new Set<number>();
  adminCookies: Record<string, string> = {};
  private readonly csrfTokens = new Map<string, string>();
  private fanPasswordHash?: string;
  private lastExpiryCutoff?: Date;

  private constructor(
    readonly platform: TestPlatform,
    readonly sql: Sql,
    readonly clock: SimClock,
    readonly shape: WorldShape,
  ) {}

  static async create(label: string, shape: WorldShape, startMs?: number): Promise<World> {
    // The clock first: every row, journal and Stripe object of the run is made on simulated time.
    const clock = SimClock.start(startMs);
    const platform = await TestPlatform.start({
      label,
      stripe: true,
      env: { TRANSFER_THRESHOLD_CENTS: String(shape.transferThresholdCents), ESCROW_EXPIRY_DAYS: String(shape.escrowExpiryDays) },
    });
    const sql = openSql(platform.database.url);
    const world = new World(platform, sql, clock, shape);
    world.adminCookies = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;
    for (let a = 0; a < shape.artists; a++) {
      const artist = await makeCatalogueArtist(sql, `Sim Artist ${a}`);
      world.artists.push({ index: a, artist, track: await makeTrack(sql, [artist.id], { name: `Sim Track ${a}` }) });
    }
    for (let o = 0; o < shape.offices; o++) world.offices.push({ index: o, admin: await officeAdmin(platform, sql, `Sim Office ${o}`), claims: new Map(), deauthorized: new Set() });
    return world;
  }

  get database(): Database {
    return this.platform.api.get(Database);
  }

  get now(): Date {
    return new Date();
  }

  /** A request as the named person's browser makes it; a 5xx is never an acceptable answer. */
  async call(method: string, url: string, cookies: Record<string, string>, body?: unknown) {
    const key = JSON.stringify(cookies);
    let csrfToken: string | undefined;
    if (method !== 'GET') {
      // The browser keeps its CSRF cookie for the session; asking for a new one per click doubles every request.
      csrfToken = this.csrfTokens.get(key) ?? (await this.platform.csrfTokenFor(cookies));
      this.csrfTokens.set(key, csrfToken);
    }
    const answer = await this.platform.request(method, url, { cookies, body, csrfToken });
    if (answer.status >= 500) throw new UnexpectedAnswer(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer;
  }

  async addFan(index: number): Promise<SimFan> {
    // One password hash for every fan of the run (argon2 is the slowest step of making an account).
    this.fanPasswordHash ??= await hashPassword(FAN_PASSWORD);
    const id = randomUUID();
    const email = `sim-fan-${index}-${id.slice(0, 8)}@example.test`;
    await this.sql.query(
      `insert into identity.fans (id, email, first_name, last_name, password_hash, email_verified_at, accepted_terms_at) values ($1, $2, 'Sim', $3, $4, now(), now())`,
      [id, email, `Fan ${index}`, this.fanPasswordHash],
    );
    const account: TestAccount = { kind: 'fan', id, email, password: FAN_PASSWORD };
    const fan: SimFan = { index, id, email, cookies: (await logIn(this.platform, account)).cookies, deleted: false };
    this.fans[index] = fan;
    return fan;
  }

  /** Adds a job to its queue as the worker's own schedules do. */
  async enqueue(type: MessageType<Record<string, never>>): Promise<void> {
    const envelope = type.create({});
    await this.platform.worker!.get(QueueRegistry).get(type.queue).add(type.name, envelope, { jobId: envelope.id });
  }

  /**
   * The scheduled work that is due today, run through the worker's real jobs: period closes (the
   * scheduler's tick), the daily transfer sweep when an office holds earnings, the daily escrow
   * expiry once some escrow can be old enough.
   */
  async runDueJobs(): Promise<string[]> {
    const ran: string[] = [];
    const now = this.now;
    const due = await this.sql.value<number>(`select count(*)::int from pies.periods where state = 'open' and ends_at <= $1::timestamptz - interval '2 hours'`, [now.toISOString()]);
    if (due > 0) {
      await this.enqueue(SchedulePeriodCloses);
      ran.push(`closes(${due})`);
      await this.settle();
    }
    // The daily sweep matters on the month's last day, for a transfer left pending, or earnings past
    // the threshold of an office that can receive them (a release queues its own transfer job).
    const sweep = await this.sql.value<boolean>(
      `select exists (select 1 from payouts.transfers where status = 'pending')
           or exists (select 1 from ledger.accounts a join payouts.connected_accounts ca on a.code = 'office_earnings:' || ca.office_id
                       where a.kind = 'office_earnings' and a.balance_cents >= $1 and ca.status = 'enabled' and ca.disconnected_at is null)`,
      [this.shape.transferThresholdCents],
    );
    if (sweep || isLastDayOfMonth(now)) {
      await this.enqueue(SweepTransfers);
      ran.push('sweep-transfers');
    }
    // The daily expiry matters when an escrow credit crossed the window since its last run, or when
    // the window of an office that cannot receive money did (counted from the latest of its claim's
    // success, its disconnect and its reconnect: old escrow of an artist claimed by such an office
    // becomes due then, with no credit crossing).
    const cutoff = new Date(now.getTime() - this.shape.escrowExpiryDays * DAY_MS);
    const crossed = await this.sql.value<number>(
      `select (select count(*)::int from ledger.postings p join ledger.journals j on j.id = p.journal_id
                where p.account like 'artist_escrow:%' and p.amount_cents > 0 and j.occurred_at < $1::timestamptz and j.occurred_at >= $2::timestamptz)
            + (select count(*)::int from claims.claims c left join payouts.connected_accounts ca on ca.office_id = c.office_id
                where c.status = 'successful' and greatest(c.verified_at, ca.disconnected_at, ca.reconnected_at) < $1::timestamptz
                  and greatest(c.verified_at, ca.disconnected_at, ca.reconnected_at) >= $2::timestamptz)`,
      [cutoff.toISOString(), (this.lastExpiryCutoff ?? new Date(0)).toISOString()],
    );
    this.lastExpiryCutoff = cutoff;
    if (crossed > 0) {
      await this.enqueue(ExpireEscrow);
      ran.push('expire-escrow');
    }
    if (ran.length > 0) await this.settle();
    return ran;
  }

  /** Plays the day's listening operations wrote, put through the listening module's writer in one batch. */
  readonly pendingPlays: IncomingPlay[] = [];

  async flushPlays(): Promise<void> {
    if (this.pendingPlays.length === 0) return;
    await writePlays(this.database, this.pendingPlays.splice(0));
  }

  /**
   * Waits until the platform has nothing left to do: every webhook delivered, the outbox empty and
   * no job waiting or running on any queue (twice in a row, since one job's effect queues the next).
   * Time stands still within a day, so a job waiting for its retry would wait for the next day:
   * the clock is nudged (a minute, then an hour) for retries to run now, as they would in real time.
   */
  async settle(timeoutMs = 120_000): Promise<void> {
    const registry = this.platform.worker!.get(QueueRegistry);
    const deadline = performance.now() + timeoutMs;
    const nudges = [60_000, 3_600_000];
    let quiet = 0;
    let last = '';
    for (;;) {
      if (performance.now() > deadline) throw new UnexpectedAnswer(`the platform did not settle within ${timeoutMs} ms (${last})`);
      await this.platform.stripeControl.flushWebhooks();
      // Queues before the outbox: a job's outbox rows commit before the job completes, so an idle
      // queue read first cannot hide rows its last job wrote. Two idle rounds in a row cover a job
      // on one queue adding one to another between the reads of a round.
      const counts = await Promise.all(QUEUE_NAMES.map((name) => registry.get(name).getJobCounts('waiting', 'active', 'prioritized', 'waiting-children')));
      const jobs = counts.reduce((sum, count) => sum + Object.values(count).reduce((a, n) => a + n, 0), 0);
      const outbox = await this.sql.value<number>(`select count(*)::int from platform.outbox where published_at is null`);
      last = `outbox ${outbox}, jobs ${jobs}`;
      quiet = outbox === 0 && jobs === 0 ? quiet + 1 : 0;
      if (quiet >= 2) {
        const retrying = await this.retryingJobs();
        if (retrying === 0 || nudges.length === 0) return;
        last = `${retrying} job(s) waiting to retry`;
        this.clock.nudge(nudges.shift()!);
        this.retryNudges++;
        quiet = 0;
        // The worker notices a delayed job that fell due within its drain delay (5 s).
        for (let waited = 0; waited < 6_000 && (await this.retryingJobs()) === retrying; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, quiet > 0 ? 5 : 15));
    }
  }

  /** How many times a settle had to move the clock for retries (a transient failure somewhere). */
  retryNudges = 0;

  private async retryingJobs(): Promise<number> {
    const registry = this.platform.worker!.get(QueueRegistry);
    let retrying = 0;
    for (const name of QUEUE_NAMES) {
      const delayed = await registry.get(name).getDelayed(0, 100);
      retrying += delayed.filter((job) => job.attemptsMade > 0).length;
    }
    return retrying;
  }

  /** Moves simulated time to `day` and lets Stripe do what became due (renewals, retries, payouts arriving). */
  async goTo(day: number): Promise<void> {
    await this.platform.stripeControl.flushWebhooks();
    this.clock.goTo(day);
    await this.platform.stripeControl.advanceClock({ seconds: 0 });
  }

  get simDay(): number {
    return this.clock.dayOf(Date.now());
  }

  async close(): Promise<void> {
    await this.sql.close().catch(() => undefined);
    await this.platform.close().catch(() => undefined);
    SimClock.stop();
  }
}

export { DAY_MS };
