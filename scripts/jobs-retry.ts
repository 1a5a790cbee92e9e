/**
 * `npm run jobs:retry -- [queue] [job-id|--all]`: puts dead jobs (failed every retry, kept in
 * platform.dead_jobs) back on their queue with a fresh set of retries. Without a job id or --all it
 * lists them. Uses the same configuration as the api and worker (DATABASE_URL, REDIS_URL, QUEUE_PREFIX).
 */
import { ConfigError, createOrm, Database, DeadJobs, loadConfig, QUEUE_NAMES, QueueBackend, queueBackendOptions, QueueRegistry, type QueueName } from '#pie/platform';

const args = process.argv.slice(2);
const all = args.includes('--all');
const [queueArg, jobId] = args.filter((arg) => !arg.startsWith('--'));
if (queueArg !== undefined && !(QUEUE_NAMES as readonly string[]).includes(queueArg)) {
  console.error(`jobs:retry: unknown queue "${queueArg}" (queues: ${QUEUE_NAMES.join(', ')})`);
  console.error('Usage: npm run jobs:retry -- [queue] [job-id|--all]');
  process.exit(2);
}
const queue = queueArg as QueueName | undefined;

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`jobs:retry: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const orm = await createOrm({ databaseUrl: config.DATABASE_URL, poolMax: 2 });
const queues = new QueueRegistry(await QueueBackend.open(queueBackendOptions(config)));
const deadJobs = new DeadJobs(new Database(orm), queues);
try {
  if (jobId || all) {
    const { requeued } = await deadJobs.requeue({ queue, jobId });
    for (const job of requeued) console.log(`re-queued ${job.queue}/${job.jobId}`);
    console.log(requeued.length === 0 ? 'No dead job matched.' : `Re-queued ${requeued.length} dead job(s).`);
  } else {
    const dead = await deadJobs.list({ queue, limit: 1_000 });
    for (const job of dead) {
      console.log(`${job.queue}/${job.jobId}  ${job.jobName}  ${job.attempts} attempts, died ${job.diedAt.toISOString()}\n    ${job.error.split('\n')[0]}`);
    }
    console.log(dead.length === 0 ? 'No dead jobs.' : `${dead.length} dead job(s). Re-queue one with: npm run jobs:retry -- <queue> <job-id>, or all with --all`);
  }
} finally {
  await queues.onApplicationShutdown();
  await orm.close(true);
}
