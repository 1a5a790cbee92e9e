/**
 * `npm run jobs:move -- --from <postgres|redis> --to <redis|postgres> [--queue <name>] [--redis-url <url>] [--dry-run]`:
 * moves the jobs waiting in one queue backend (waiting, prioritized, delayed) to the other, for a
 * switch of `REDIS_URL` on or off (README, "Switching the queue backend"). Each job keeps its id,
 * so running it twice, or again after it stopped half-way, doubles nothing. The Postgres side is
 * DATABASE_URL's; the Redis side is --redis-url, else REDIS_URL. QUEUE_PREFIX as the processes use it.
 */
import { ConfigError, loadConfig, moveQueuedJobs, QUEUE_NAMES, QueueBackend, queueBackendOptions, QueueRegistry, type QueueBackendKind, type QueueName } from '#pie/platform';

const USAGE = 'Usage: npm run jobs:move -- --from <postgres|redis> --to <redis|postgres> [--queue <name>] [--redis-url <url>] [--dry-run]';
const KINDS: readonly QueueBackendKind[] = ['postgres', 'redis'];

function fail(message: string): never {
  console.error(`jobs:move: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

const args = process.argv.slice(2);
const flags = new Map<string, string>();
let dryRun = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--dry-run') dryRun = true;
  else if (['--from', '--to', '--queue', '--redis-url'].includes(arg)) {
    const value = args[++i];
    if (value === undefined || value.startsWith('--')) fail(`${arg} needs a value`);
    flags.set(arg, value);
  } else fail(`unknown argument "${arg}"`);
}
const from = flags.get('--from') as QueueBackendKind | undefined;
const to = flags.get('--to') as QueueBackendKind | undefined;
if (!from || !KINDS.includes(from)) fail('--from must be postgres or redis');
if (!to || !KINDS.includes(to)) fail('--to must be postgres or redis');
if (from === to) fail('--from and --to name the same backend');
const queue = flags.get('--queue');
if (queue !== undefined && !(QUEUE_NAMES as readonly string[]).includes(queue)) fail(`unknown queue "${queue}" (queues: ${QUEUE_NAMES.join(', ')})`);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`jobs:move: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
const redisUrl = flags.get('--redis-url') ?? config.REDIS_URL;
if (!redisUrl) fail('the Redis side needs --redis-url (REDIS_URL is not set)');

const options = queueBackendOptions(config);
const open = async (kind: QueueBackendKind) => new QueueRegistry(await QueueBackend.open({ ...options, redisUrl: kind === 'redis' ? redisUrl : undefined }));
const source = await open(from);
const target = await open(to);
try {
  const report = await moveQueuedJobs(source, target, { sourceKind: from, queues: queue ? [queue as QueueName] : undefined, dryRun });
  let moved = 0;
  let active = 0;
  for (const row of report) {
    moved += row.moved + row.alreadyThere;
    active += row.active;
    if (row.moved + row.alreadyThere + row.scheduled + row.active === 0) continue;
    const parts = [`${row.moved} ${dryRun ? 'to move' : 'moved'}`];
    if (row.alreadyThere > 0) parts.push(`${row.alreadyThere} already in ${to} (removed from ${from})`);
    if (row.scheduled > 0) parts.push(`${row.scheduled} scheduled tick(s) left (the workers on ${to} schedule their own)`);
    if (row.active > 0) parts.push(`${row.active} running in ${from}, not moved`);
    console.log(`${row.queue}: ${parts.join('; ')}`);
  }
  console.log(`${dryRun ? 'Would move' : 'Moved'} ${moved} job(s) from ${from} to ${to}.`);
  if (active > 0) console.log(`${active} job(s) still running in ${from}: stop its workers (SIGTERM lets them finish), then run this again.`);
} finally {
  await source.onApplicationShutdown();
  await target.onApplicationShutdown();
}
