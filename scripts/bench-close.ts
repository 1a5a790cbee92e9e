/**
 * `npm run bench:close`: how fast pie periods close. In one freshly migrated scratch database:
 * 100,000 fans, each with a pie whose period has ended, 40 listened artists in the window (one
 * play of each of 40 tracks, 4,000,000 plays) and money in the wallet. Then, in the same run:
 *
 *   - floor: one hand-written SQL statement that computes every period's allocations the same way
 *            (listened time per artist in the window, the artist limit to the most listened, ties
 *            by artist id, largest remainder in integer cents) and writes them to a table;
 *   - real:  the close code the worker's `pies.close-pie-period` job runs (closePiePeriods: locks,
 *            the listening facade, the split, one ledger journal per period, the snapshot, the
 *            event), BENCH_BATCH periods per transaction (1,000), BENCH_CONCURRENCY transactions
 *            at a time (2, one per core: every batch moves the balances of the same artists'
 *            escrow accounts, so more batches at once only queue on those row locks — measured at
 *            100,000 periods, 250 × 4 took 93 s and 1,000 × 2 took 66 s).
 *
 * Prints periods/s for both, real/floor (goal ≥ 0.5), the real run's seconds (goal < 120) and
 * whether both agree to the cent; with each, the CPU time spent (this process and the Postgres
 * backends) and the WAL written, and the CPU time the goal leaves the real close when every core is
 * busy: what the close's own Postgres work has to fit in. BENCH_PERIODS changes the number of periods.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createOrm, Database, migrateUp, type Orm } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { closePiePeriods } from '#pie/pies/testing';
import { recreateDatabase } from '#pie/testing';

const PERIODS = Number(process.env.BENCH_PERIODS ?? 100_000);
const ARTISTS_PER_PERIOD = 40;
const ARTISTS = 4_000;
const ARTIST_LIMIT = 30;
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const TICK_MS = 10; // USER_HZ = 100 on Linux

/**
 * CPU milliseconds spent so far by this process and by the Postgres backends serving the bench
 * database (read from /proc: only when Postgres runs on this machine, else null). On a shared
 * machine wall time depends on the neighbours; CPU time much less so.
 */
async function cpuMs(em: () => ReturnType<Orm['em']['fork']>): Promise<{ node: number; postgres: number | null; walBytes: number; walFpi: number }> {
  const node = (process.cpuUsage().user + process.cpuUsage().system) / 1000;
  const [wal] = await em().execute<{ wal_bytes: string; wal_fpi: string }[]>(`select wal_bytes, wal_fpi from pg_stat_wal`);
  const pids = await em().execute<{ pid: number }[]>(`select pid from pg_stat_activity where datname = current_database()`);
  let postgres: number | null = 0;
  for (const { pid } of pids) {
    try {
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      postgres += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      postgres = null;
      break;
    }
  }
  return { node, postgres, walBytes: Number(wal!.wal_bytes), walFpi: Number(wal!.wal_fpi) };
}

function cpuSpent(before: Awaited<ReturnType<typeof cpuMs>>, after: Awaited<ReturnType<typeof cpuMs>>): { total: number | null; text: string } {
  const node = after.node - before.node;
  const wal = `${Math.round((after.walBytes - before.walBytes) / 2 ** 20).toLocaleString()} MB WAL (${(after.walFpi - before.walFpi).toLocaleString()} full pages)`;
  if (before.postgres === null || after.postgres === null) return { total: null, text: `node ${seconds(node)} s CPU; ${wal}` };
  const postgres = after.postgres - before.postgres;
  return { total: node + postgres, text: `${seconds(node + postgres)} s CPU (node ${seconds(node)}, Postgres ${seconds(postgres)}); ${wal}` };
}
const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));

/**
 * Every period's allocations in SQL, the way the split makes them: listened time per artist in
 * the window (a play of a track the catalogue knows, divided among its credited artists), the artist limit to the most listened
 * (ties by artist id), the wallet's balance by the largest remainder in integer cents (ties by
 * artist id). `ranked` has every artist considered, `shares` the share of each selected one.
 */
const ALLOCATIONS = `with listened as (
       select pr.id as period_id, ta.artist_id, sum(p.ms_played::numeric / c.n) as ms, pr.artist_limit, pi.fan_id
         from pies.periods pr
         join pies.pies pi on pi.id = pr.pie_id
         join listening.plays p on p.fan_id = pi.fan_id and p.played_at >= pr.starts_at and p.played_at < pr.ends_at
         join listening.tracks t on t.id = p.track_id and t.metadata_fetched_at is not null
         join listening.track_artists ta on ta.track_id = p.track_id
         join (select track_id, count(*) as n from listening.track_artists group by track_id) c on c.track_id = p.track_id
        where pr.state <> 'closed'
        group by pr.id, ta.artist_id, pr.artist_limit, pi.fan_id
     ), ranked as (
       select *, greatest(1, round(ms * 1000)) as w, row_number() over (partition by period_id order by greatest(1, round(ms * 1000)) desc, artist_id) as rn from listened
     ), selected as (
       select r.period_id, r.artist_id, r.fan_id, r.w, a.balance_cents as amount, sum(r.w) over (partition by r.period_id) as total
         from ranked r join ledger.accounts a on a.code = 'fan_wallet:' || r.fan_id
        where r.rn <= r.artist_limit
     ), quotas as (
       select period_id, artist_id, fan_id, floor(amount * w / total) as fl, amount * w - floor(amount * w / total) * total as rem, amount
         from selected
     ), remainders as (
       select *, row_number() over (partition by period_id order by rem desc, artist_id) as rr, amount - sum(fl) over (partition by period_id) as leftover from quotas
     ), shares as (
       select period_id, artist_id, fan_id, (fl + case when rr <= leftover and rem > 0 then 1 else 0 end)::bigint as share from remainders
     )`;

async function main(): Promise<void> {
  const url = await recreateDatabase(process.env.BENCH_DATABASE ?? 'pie_bench_close');
  const orm = await createOrm({ databaseUrl: url, migrations, poolMax: CONCURRENCY + 2 });
  await migrateUp(orm);
  const em = () => orm.em.fork();
  const started = performance.now();
  console.log(`[bench:close] seeding ${PERIODS.toLocaleString()} periods × ${ARTISTS_PER_PERIOD} artists…`);

  // Artists (popularity spread), one track each.
  await em().execute(
    `insert into listening.artists (id, provider_id, name, popularity, metadata_fetched_at)
     select ('00000000-0000-4000-a000-' || lpad(to_hex(g), 12, '0'))::uuid, 'benchartist' || g, 'Bench Artist ' || g, g % 101, now()
       from generate_series(0, ${ARTISTS - 1}) g`,
  );
  await em().execute(
    `insert into listening.tracks (id, provider_id, name, match_key, duration_ms, metadata_fetched_at)
     select ('00000000-0000-4000-b000-' || lpad(to_hex(g), 12, '0'))::uuid, 'benchtrack' || g, 'Bench Track ' || g, 'bench' || g, 200000, now()
       from generate_series(0, ${ARTISTS - 1}) g`,
  );
  await em().execute(
    `insert into listening.track_artists (track_id, artist_id, position)
     select ('00000000-0000-4000-b000-' || lpad(to_hex(g), 12, '0'))::uuid, ('00000000-0000-4000-a000-' || lpad(to_hex(g), 12, '0'))::uuid, 0
       from generate_series(0, ${ARTISTS - 1}) g`,
  );
  // Pies and their ended periods (fan f ↔ pie f ↔ period f).
  await em().execute(
    `insert into pies.pies (id, fan_id, subscription_id, amount_cents, artist_limit, artist_popularity, exclude_non_active, pie_days)
     select ('00000000-0000-4000-c000-' || lpad(to_hex(f), 12, '0'))::uuid, ('00000000-0000-4000-d000-' || lpad(to_hex(f), 12, '0'))::uuid,
            'sub_bench_' || f, 1000, ${ARTIST_LIMIT}, 0, false, 30
       from generate_series(0, ${PERIODS - 1}) f`,
  );
  await em().execute(
    `insert into pies.periods (id, pie_id, seq, starts_at, ends_at, amount_cents, artist_limit, artist_popularity, exclude_non_active, state, closing_since)
     select ('00000000-0000-4000-e000-' || lpad(to_hex(f), 12, '0'))::uuid, ('00000000-0000-4000-c000-' || lpad(to_hex(f), 12, '0'))::uuid, 1,
            now() - interval '31 days', now() - interval '1 day', 1000, ${ARTIST_LIMIT}, 0, false, 'closing', now()
       from generate_series(0, ${PERIODS - 1}) f`,
  );
  // 40 distinct tracks per fan (101 is coprime with 4,000), listened 30 s to 230 s.
  await em().execute(
    `insert into listening.plays (fan_id, played_at, track_id, ms_played, source)
     select ('00000000-0000-4000-d000-' || lpad(to_hex(f), 12, '0'))::uuid, now() - interval '30 days' + make_interval(mins => k * 11 + f % 600),
            ('00000000-0000-4000-b000-' || lpad(to_hex((f * 37 + k * 101) % ${ARTISTS}), 12, '0'))::uuid,
            30000 + ((f * 7 + k * 13) % 200) * 1000, 'export'
       from generate_series(0, ${PERIODS - 1}) f cross join generate_series(0, ${ARTISTS_PER_PERIOD - 1}) k`,
  );
  // Each wallet funded by one journal (Stripe clearing → wallet), 5 to 25 dollars.
  await orm.em.fork().transactional(async (tx) => {
    await tx.execute(`insert into ledger.accounts (code, kind, owner_id, allow_negative) values ('stripe_clearing', 'stripe_clearing', null, true) on conflict do nothing`);
    await tx.execute(
      `insert into ledger.accounts (code, kind, owner_id, allow_negative)
       select 'fan_wallet:00000000-0000-4000-d000-' || lpad(to_hex(f), 12, '0'), 'fan_wallet', ('00000000-0000-4000-d000-' || lpad(to_hex(f), 12, '0'))::uuid, false
         from generate_series(0, ${PERIODS - 1}) f`,
    );
    await tx.execute(
      `insert into ledger.accounts (code, kind, owner_id, allow_negative)
       select 'artist_escrow:00000000-0000-4000-a000-' || lpad(to_hex(g), 12, '0'), 'artist_escrow', ('00000000-0000-4000-a000-' || lpad(to_hex(g), 12, '0'))::uuid, false
         from generate_series(0, ${ARTISTS - 1}) g`,
    );
    await tx.execute(
      `insert into ledger.journals (id, kind, idempotency_key, occurred_at, "references")
       select ('00000000-0000-4000-f000-' || lpad(to_hex(f), 12, '0'))::uuid, 'bench_funding', 'bench_funding:' || f, now() - interval '31 days', '{}'::jsonb
         from generate_series(0, ${PERIODS - 1}) f`,
    );
    await tx.execute(
      `insert into ledger.postings (journal_id, account, amount_cents)
       select ('00000000-0000-4000-f000-' || lpad(to_hex(f), 12, '0'))::uuid, leg.account, leg.amount
         from generate_series(0, ${PERIODS - 1}) f
        cross join lateral (values ('stripe_clearing', -(500 + f % 2000)),
                                   ('fan_wallet:00000000-0000-4000-d000-' || lpad(to_hex(f), 12, '0'), 500 + f % 2000)) as leg(account, amount)`,
    );
  });
  await em().execute(`analyze`);
  console.log(`[bench:close] seeded in ${seconds(performance.now() - started)} s`);

  // The floor: the same allocations in one statement.
  await em().execute(`create unlogged table bench_floor (period_id uuid, artist_id uuid, share_cents bigint)`);
  const floorCpu = await cpuMs(em);
  const floorStart = performance.now();
  await em().execute(
    `${ALLOCATIONS}
     insert into bench_floor select period_id, artist_id, share from shares`,
  );
  const floorMs = performance.now() - floorStart;
  const floorSpent = cpuSpent(floorCpu, await cpuMs(em));
  console.log(`[bench:close] floor: ${PERIODS.toLocaleString()} periods in ${seconds(floorMs)} s`);

  // For comparison only (the goal's floor is the one above): the same statement, also writing what
  // the close must keep — one journal per period, its postings and the snapshot of every artist
  // considered — into logged copies of those tables with their keys, indexes and checks (not their
  // triggers). Shows how much of the real close's time is the rows themselves.
  await em().execute(
    `create table bench_durable_journals (like ledger.journals including all);
     create table bench_durable_postings (like ledger.postings including all);
     create table bench_durable_snapshot (like pies.period_artists including all)`,
  );
  const durableCpu = await cpuMs(em);
  const durableStart = performance.now();
  await em().execute(
    `${ALLOCATIONS}, journals as (
       insert into bench_durable_journals (kind, idempotency_key, occurred_at, "references")
       select 'pie_period_closed', 'pie_period_closed:' || pr.id, pr.ends_at, jsonb_build_object('fanId', pi.fan_id, 'pieId', pi.id, 'piePeriodId', pr.id)
         from pies.periods pr join pies.pies pi on pi.id = pr.pie_id
        where pr.state <> 'closed' and pr.id in (select period_id from shares where share > 0)
       returning id, ("references"->>'piePeriodId')::uuid as period_id
     ), snapshot as (
       insert into bench_durable_snapshot (period_id, artist_id, artist_name, listened_ms, popularity, active, inclusion, banned, selected, reason, tilt, weight, share_cents)
       select r.period_id, r.artist_id, a.name, r.ms, a.popularity, a.active, 'default', false, r.rn <= r.artist_limit,
              case when r.rn <= r.artist_limit then null else 'over_limit' end, 1, case when r.rn <= r.artist_limit then r.w else 0 end, coalesce(s.share, 0)
         from ranked r join listening.artists a on a.id = r.artist_id left join shares s on s.period_id = r.period_id and s.artist_id = r.artist_id
     )
     insert into bench_durable_postings (journal_id, account, amount_cents)
     select j.id, leg.account, leg.amount
       from (select period_id, 'artist_escrow:' || artist_id as account, share as amount from shares where share > 0
             union all
             select period_id, 'fan_wallet:' || fan_id, -sum(share) from shares group by period_id, fan_id having sum(share) > 0) as leg
       join journals j on j.period_id = leg.period_id`,
  );
  const durableMs = performance.now() - durableStart;
  const durableSpent = cpuSpent(durableCpu, await cpuMs(em));
  console.log(`[bench:close] floor writing the close's rows: ${PERIODS.toLocaleString()} periods in ${seconds(durableMs)} s`);

  // The real close, in batches: each batch one transaction of closePiePeriods, CONCURRENCY at a time.
  const database = new Database(orm);
  const ids = (await em().execute<{ id: string }[]>(`select id from pies.periods order by id`)).map((row) => row.id);
  const batches = Array.from({ length: Math.ceil(ids.length / BATCH) }, (_, index) => ids.slice(index * BATCH, (index + 1) * BATCH));
  const realCpu = await cpuMs(em);
  const realStart = performance.now();
  let done = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const outcomes = await database.transaction((tx) => closePiePeriods(tx, batch));
        const notClosed = outcomes.find((outcome) => outcome.status !== 'closed');
        if (notClosed) throw new Error(`period ${notClosed.periodId}: ${notClosed.status}`);
        done += batch.length;
        if (done % (BATCH * 20) === 0) console.log(`[bench:close] real: ${done.toLocaleString()} closed (${rate(done, performance.now() - realStart)}/s)`);
      }
    }),
  );
  const realMs = performance.now() - realStart;
  const realSpent = cpuSpent(realCpu, await cpuMs(em));

  const [diff] = await em().execute<{ mismatched: string; real_total: string; floor_total: string; journals: string; durable_mismatched: string; durable_escrow: string }[]>(
    `select (select count(*) from (select period_id, artist_id, share_cents from pies.period_artists where share_cents > 0
                                     except select period_id, artist_id, share_cents from bench_floor where share_cents > 0) x)
          + (select count(*) from (select period_id, artist_id, share_cents from bench_floor where share_cents > 0
                                     except select period_id, artist_id, share_cents from pies.period_artists where share_cents > 0) y) as mismatched,
            (select sum(share_cents) from pies.period_artists) as real_total,
            (select sum(share_cents) from bench_floor) as floor_total,
            (select count(*) from ledger.journals where kind = 'pie_period_closed') as journals,
            (select count(*) from (select period_id, artist_id, share_cents from bench_durable_snapshot where share_cents > 0
                                     except select period_id, artist_id, share_cents from bench_floor where share_cents > 0) z)
          + (select count(*) from (select period_id, artist_id, share_cents from bench_floor where share_cents > 0
                                     except select period_id, artist_id, share_cents from bench_durable_snapshot where share_cents > 0) w) as durable_mismatched,
            (select sum(amount_cents) from bench_durable_postings where amount_cents > 0) as durable_escrow`,
  );
  const floorRate = rate(PERIODS, floorMs);
  const durableRate = rate(PERIODS, durableMs);
  const realRate = rate(PERIODS, realMs);
  const agree = diff.mismatched === '0' && diff.real_total === diff.floor_total && diff.durable_mismatched === '0' && diff.durable_escrow === diff.floor_total;
  console.log(`
[bench:close] ${PERIODS.toLocaleString()} periods × ${ARTISTS_PER_PERIOD} artists (limit ${ARTIST_LIMIT}), batches of ${BATCH}, ${CONCURRENCY} at a time
  floor (one SQL statement):  ${floorRate.toLocaleString()} periods/s (${seconds(floorMs)} s; ${floorSpent.text})
  real (closePiePeriods):     ${realRate.toLocaleString()} periods/s (${seconds(realMs)} s; goal < 120 s; ${realSpent.text})
  real / floor:               ${(realRate / floorRate).toFixed(2)} (goal ≥ 0.5)${floorSpent.total && realSpent.total ? `; by CPU time ${(floorSpent.total / realSpent.total).toFixed(2)}` : ''}
  CPU the goal allows:        ${seconds(2 * floorMs * availableParallelism())} s (twice the floor's time on ${availableParallelism()} CPUs, every one busy)
  for comparison, the floor also writing the close's rows (journals, postings, snapshot; logged, indexed):
                              ${durableRate.toLocaleString()} periods/s (${seconds(durableMs)} s; ${durableSpent.text}); real / that: ${(realRate / durableRate).toFixed(2)}
  load (1/5/15 min):          ${loadavg().map((n) => n.toFixed(1)).join(' / ')} on ${availableParallelism()} CPUs
  agreement:                  ${agree ? 'to the cent' : `DIFFERENT (${diff.mismatched} and ${diff.durable_mismatched} allocations differ)`} — ${Number(diff.real_total).toLocaleString()} cents all three; ${diff.journals} journals
`);
  await orm.close(true);
  if (!agree) process.exitCode = 1;
}

await main();
