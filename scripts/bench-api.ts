/**
 * `npm run bench:api`: what one api process answers per second, against what the stack itself
 * allows. In one run, under the same load generator (autocannon, BENCH_API_CONNECTIONS connections
 * for BENCH_API_SECONDS each), with every server in its own process:
 *
 *   1. a bare node:http server (the floor of Node on this machine);
 *   2. a Nest + Fastify hello route of this stack (1 and 2 take turns, BENCH_API_HELLO_ROUNDS
 *      rounds of BENCH_API_HELLO_SECONDS each, and each reports its median round). On a Linux
 *      machine with two cores or more, the hello server runs on the last core and the load
 *      generator on the first (`taskset`), so that each figure is one server's own throughput on one
 *      core rather than where the scheduler happened to put it next to the load generator;
 *   3. the real api: the signed-in fan's `GET /api/user` (session lookup + one query);
 *   4. the real api: `GET /api/open-books` (public, issue 31) over a ledger of BENCH_API_LEDGER_FANS
 *      fans (default 5,000) who each paid a year of monthly invoices and whose pies closed into
 *      artists' escrow, posted by the ledger's real batch writer (its per-month cache is what the
 *      postings' trigger leaves);
 *   5. the real api: the dashboard's reads (`user/activity`, `artists/user`, `tracks/user/latest`,
 *      `tracks/user/popular`, `tracks/user/daily`, `artists/recent-listened`) for a fan with a year
 *      of listening (BENCH_API_PLAYS plays, default 50,000, written by listening's real writer, so
 *      the read models are what ingestion leaves).
 *
 * Prints requests/s and p99 latency for each, the ratios, and the machine's load average (the
 * figures are only as quiet as the machine). Uses TEST_POSTGRES_URL's server and a scratch database.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { createOrm, Database, migrateUp } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { hashPassword } from '#pie/identity/testing';
import { writePlays, type IncomingPlay } from '#pie/listening/testing';
import { accounts, postJournals, type JournalInput } from '#pie/ledger';
import { recreateDatabase, seededRandom } from '#pie/testing';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const HELLO_ROUNDS = Number(process.env.BENCH_API_HELLO_ROUNDS ?? 5);
const HELLO_SECONDS = Number(process.env.BENCH_API_HELLO_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 32);
const PLAYS = Number(process.env.BENCH_API_PLAYS ?? 50_000);
const LEDGER_FANS = Number(process.env.BENCH_API_LEDGER_FANS ?? 5_000);
const ARTISTS = 800;
const TRACKS = 4_000;
const FAN_ID = '00000000-0000-4000-8000-0000000b3e0c';
const EMAIL = 'bench-api@example.test';
const PASSWORD = 'bench api password';
/** The cores this process may use when it starts (availableParallelism() follows the pinning below). */
const CORES = availableParallelism();


async function seed(databaseUrl: string): Promise<void> {
  const orm = await createOrm({ databaseUrl, migrations, poolMax: 4 });
  await migrateUp(orm);
  const em = orm.em.fork();
  await em.execute(
    `insert into identity.fans (id, email, first_name, last_name, password_hash, email_verified_at, accepted_terms_at, time_zone)
     values (?, ?, 'Bench', 'Fan', ?, now(), now(), 'Europe/Berlin')`,
    [FAN_ID, EMAIL, await hashPassword(PASSWORD)],
  );
  await em.execute(`insert into listening.fan_profiles (fan_id, time_zone) values (?, 'Europe/Berlin')`, [FAN_ID]);
  await em.execute(`insert into listening.fan_listening_state (fan_id, status, next_poll_at, connected_at) values (?, 'connected', now() + interval '1 hour', now())`, [FAN_ID]);
  await em.execute(
    `insert into listening.artists (provider_id, name, metadata_fetched_at, popularity)
     select 'benchartist' || lpad(to_hex(g), 10, '0'), 'Bench Artist ' || g, now(), (g % 100) from generate_series(0, ${ARTISTS - 1}) g`,
  );
  await em.execute(
    `insert into listening.tracks (provider_id, name, match_key, duration_ms, album, metadata_fetched_at)
     select 'benchtrack' || lpad(to_hex(g), 11, '0'), 'Bench Track ' || g,
            lower('Bench Artist ' || (g % ${ARTISTS})) || chr(9247) || lower('Bench Track ' || g), 180000 + (g % 120) * 1000, 'Bench Album', now()
       from generate_series(0, ${TRACKS - 1}) g`,
  );
  // One to three credited artists a track.
  await em.execute(
    `insert into listening.track_artists (track_id, artist_id, position)
     select t.id, a.id, c.position
       from (select id, (row_number() over (order by provider_id) - 1)::int as g from listening.tracks) t
       cross join lateral generate_series(0, t.g % 3) as c(position)
       join listening.artists a on a.provider_id = 'benchartist' || lpad(to_hex((t.g + c.position * 7919) % ${ARTISTS}), 10, '0')
     on conflict do nothing`,
  );
  // A year of listening, oldest first, through the real writer in poll-sized and import-sized batches.
  const random = seededRandom(20261124);
  const yearMs = 365 * 86_400_000;
  const step = yearMs / PLAYS;
  const start = Date.now() - yearMs;
  const plays: IncomingPlay[] = [];
  for (let n = 0; n < PLAYS; n++) {
    const track = Math.floor(TRACKS * random() ** 3);
    plays.push({
      fanId: FAN_ID,
      playedAt: new Date(Math.floor(start + n * step + random() * step * 0.5)),
      msPlayed: 30_000 + Math.floor(random() * 200_000),
      source: n % 2 === 0 ? 'recently-played' : 'export',
      providerTrackId: `benchtrack${track.toString(16).padStart(11, '0')}`,
      trackName: `Bench Track ${track}`,
      artistName: `Bench Artist ${track % ARTISTS}`,
      album: 'Bench Album',
    });
  }
  const database = new Database(orm);
  let inserted = 0;
  for (let offset = 0; offset < plays.length; offset += 5_000) inserted += (await writePlays(database, plays.slice(offset, offset + 5_000))).inserted;
  // The ledger: LEDGER_FANS fans, each paying $10 a month for a year, each month's money closed into two artists' escrow.
  const months = 12;
  let journals = 0;
  for (let first = 0; first < LEDGER_FANS; first += 100) {
    const batch: JournalInput[] = [];
    for (let n = first; n < Math.min(first + 100, LEDGER_FANS); n++) {
      const fanId = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
      for (let month = 0; month < months; month++) {
        const paidAt = new Date(Date.UTC(new Date().getUTCFullYear() - 1, new Date().getUTCMonth() + month, 1 + (n % 27)));
        batch.push({
          kind: 'invoice_paid',
          idempotencyKey: `bench:invoice_paid:${n}:${month}`,
          occurredAt: paidAt,
          references: { fanId },
          postings: [
            { account: accounts.stripeClearing, amountCents: -1000 },
            { account: accounts.processorFees, amountCents: 59 },
            { account: accounts.platformFees, amountCents: 100 },
            { account: accounts.fanWallet(fanId), amountCents: 841 },
          ],
        });
        const artist = (k: number) => `00000000-0000-4000-8000-${(0xa000 + ((n + k) % 200)).toString(16).padStart(12, '0')}`;
        batch.push({
          kind: 'pie_period_closed',
          idempotencyKey: `bench:pie_period_closed:${n}:${month}`,
          occurredAt: new Date(paidAt.getTime() + 20 * 86_400_000),
          references: { fanId },
          postings: [
            { account: accounts.fanWallet(fanId), amountCents: -841 },
            { account: accounts.artistEscrow(artist(0)), amountCents: 500, fanId },
            { account: accounts.artistEscrow(artist(1)), amountCents: 341, fanId },
          ],
        });
      }
    }
    await database.transaction((tx) => postJournals(tx, batch));
    journals += batch.length;
  }
  await em.execute(`analyze`);
  await orm.close(true);
  console.log(`seeded the ledger: ${LEDGER_FANS.toLocaleString('en')} fans, ${journals.toLocaleString('en')} journals over ${months} months`);
  console.log(`seeded: 1 fan, ${inserted.toLocaleString('en')} plays over 365 days, ${TRACKS.toLocaleString('en')} tracks, ${ARTISTS} artists`);
}

async function startServer(mode: 'http' | 'nest' | 'app', databaseUrl?: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'scripts/bench-api-server.ts', mode, ...(databaseUrl ? [databaseUrl] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${mode} server exited (${code}) before listening`)));
  });
  return { port, child };
}

/**
 * Restricts a process and all its threads to the given cores (`taskset -a -p -c`); false where that
 * cannot be done (not Linux, one core, no util-linux), and the run then goes on unpinned.
 */
function pinToCores(pid: number, cores: string): boolean {
  if (process.platform !== 'linux' || CORES < 2) return false;
  const result = spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) console.error(`taskset ${cores} ${pid}: ${result.error?.message ?? result.stderr}`);
  return result.status === 0;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Figure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(name: string, url: string, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Figure> {
  // A short warm-up (JIT, connection pools, Postgres caches), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const figure = { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
  console.log(
    `${name.padEnd(42)} ${figure.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(figure.p50).padStart(4)} ms   p99 ${String(figure.p99).padStart(4)} ms${figure.non2xx ? `   ${figure.non2xx} non-2xx/errors` : ''}`,
  );
  return figure;
}

async function signIn(base: string): Promise<string> {
  const health = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const setCookies = response.headers.getSetCookie();
  const valueOf = (name: string) => setCookies.map((line) => new RegExp(`^${name}=([^;]+)`).exec(line)?.[1]).find(Boolean);
  const session = valueOf('fan_access_token');
  if (!session) throw new Error('login set no fan session cookie');
  // What a browser sends back: the session and the CSRF token the login bound to it (without the
  // token, every answer would mint and set a new one, which no browser makes the api do).
  const csrf = valueOf('XSRF-TOKEN');
  if (!csrf) throw new Error('login set no CSRF token cookie');
  return `fan_access_token=${session}; XSRF-TOKEN=${csrf}`;
}

const databaseUrl = await recreateDatabase(process.env.BENCH_DATABASE ?? 'pie_bench_api');
await seed(databaseUrl);
const [load1] = loadavg();
console.log(`machine: ${CORES} cores, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} (1, 5, 15 min) before the runs`);
console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per route (after a 2 s warm-up)\n`);

// The two hello servers take turns, HELLO_ROUNDS times each, and each reports its median round:
// one run of either swings by a third on this shared 2-core machine, more than the gap measured.
// Each server (one thread of JavaScript) gets the last core to itself and the load generator (this
// process) the first: unpinned, the scheduler moves both and the servers' garbage-collector threads
// across the two cores, and a round measures that as much as the server.
const lastCore = CORES - 1;
const pinned = pinToCores(process.pid, '0');
console.log(pinned ? `hello rounds: load generator on core 0, each hello server on core ${lastCore}` : 'hello rounds: not pinned to cores (needs Linux, two cores and taskset)');
const helloRounds: Record<'http' | 'nest', Figure[]> = { http: [], nest: [] };
for (let round = 0; round < HELLO_ROUNDS; round++) {
  for (const mode of ['http', 'nest'] as const) {
    const server = await startServer(mode);
    try {
      if (pinned && !pinToCores(server.child.pid!, String(lastCore))) throw new Error(`could not pin the ${mode} server to core ${lastCore}`);
      helloRounds[mode].push(await load(mode === 'http' ? 'node:http hello' : 'Nest + Fastify hello', `http://127.0.0.1:${server.port}${mode === 'nest' ? '/api/hello' : '/'}`, {}, HELLO_SECONDS));
    } finally {
      await stop(server.child);
    }
  }
}
const median = (runs: Figure[]) => [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
const figures: Figure[] = [median(helloRounds.http), median(helloRounds.nest)];
console.log(`medians of ${HELLO_ROUNDS} rounds: node:http ${figures[0].requestsPerSecond.toFixed(0)} req/s, Nest + Fastify ${figures[1].requestsPerSecond.toFixed(0)} req/s\n`);
// The real api shares the machine with Postgres, so it and the load generator run where the scheduler puts them.
if (pinned) pinToCores(process.pid, `0-${lastCore}`);
const api = await startServer('app', databaseUrl);
let openBooks: Figure | undefined;
try {
  const base = `http://127.0.0.1:${api.port}`;
  const cookie = await signIn(base);
  const routes = [
    'user',
    'user/activity',
    'artists/user',
    'artists/user?days=28&itemsPerPage=5',
    'tracks/user/latest',
    'tracks/user/popular',
    'tracks/user/daily?days=28',
    'artists/recent-listened',
  ];
  for (const route of routes) figures.push(await load(`GET /api/${route}`, `${base}/api/${route}`, { cookie }));
  // Open books: a visitor's read (no session), the same whatever the number of fans.
  openBooks = await load('GET /api/open-books (public)', `${base}/api/open-books`);
} finally {
  await stop(api.child);
}

const [http, nest, user, ...dashboard] = figures;
console.log(`\nNest + Fastify hello / node:http: ${((nest.requestsPerSecond / http.requestsPerSecond) * 100).toFixed(0)} % (goal ≥ 70 %)`);
console.log(`GET /api/user / node:http: ${((user.requestsPerSecond / http.requestsPerSecond) * 100).toFixed(0)} %; / Nest hello: ${((user.requestsPerSecond / nest.requestsPerSecond) * 100).toFixed(0)} %`);
console.log(`GET /api/user: ${user.requestsPerSecond.toFixed(0)} req/s, p99 ${user.p99} ms (goal ≥ 2,000 req/s, p99 < 50 ms): ${user.requestsPerSecond >= 2000 && user.p99 < 50 ? 'met' : 'not met'}`);
const slowest = dashboard.reduce((min, figure) => (figure.requestsPerSecond < min.requestsPerSecond ? figure : min));
const worstP99 = dashboard.reduce((max, figure) => (figure.p99 > max.p99 ? figure : max));
console.log(
  `dashboard reads at ${PLAYS.toLocaleString('en')} plays: slowest ${slowest.name} ${slowest.requestsPerSecond.toFixed(0)} req/s, worst p99 ${worstP99.name} ${worstP99.p99} ms (goal each ≥ 1,000 req/s, p99 < 50 ms): ${slowest.requestsPerSecond >= 1000 && worstP99.p99 < 50 ? 'met' : 'not met'}`,
);
if (openBooks) {
  console.log(
    `open books over ${LEDGER_FANS.toLocaleString('en')} fans: ${openBooks.requestsPerSecond.toFixed(0)} req/s, p99 ${openBooks.p99} ms (goal ≥ 1,000 req/s, p99 < 50 ms): ${openBooks.requestsPerSecond >= 1000 && openBooks.p99 < 50 ? 'met' : 'not met'}`,
  );
}
console.log(`load average after: ${loadavg().map((value) => value.toFixed(2)).join(' ')} (before: ${load1.toFixed(2)})`);
