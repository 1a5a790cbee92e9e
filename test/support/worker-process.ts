import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile, type Options } from '@swc/core';
import type { AppConfig } from '#pie/platform';

/**
 * The real worker (apps/worker/src/main.ts) as a child process a test can SIGKILL.
 *
 * Node cannot run the sources (Nest's DI needs the decorator metadata only swc emits), and the
 * shared `dist/` belongs to the build, so the worker's sources are compiled with swc into a
 * temporary directory of their own: `dist/` in the repository's layout, a package.json carrying
 * the repository's `#pie/*` imports, and a link to its node_modules.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_DIRS = ['apps/worker/src', 'libs', 'migrations'];
const SOURCE_FILES = ['apps/modules.ts', 'scripts/jobs-retry.ts'];

const SWC_OPTIONS: Options = {
  swcrc: false,
  sourceMaps: 'inline',
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2023',
    keepClassNames: true,
  },
  module: { type: 'es6' },
};

export interface CompiledWorker {
  /** The compiled apps/worker/src/main.js. */
  main: string;
  /** A compiled script of scripts/ (those listed in SOURCE_FILES), e.g. 'jobs-retry'. */
  script(name: string): string;
  remove(): Promise<void>;
}

async function sourcesIn(dir: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').includes('node_modules'));
}

export async function compileWorker(): Promise<CompiledWorker> {
  const dir = await mkdtemp(join(tmpdir(), 'pie-worker-'));
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { imports: unknown };
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module', imports: pkg.imports }));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const files = [...SOURCE_FILES, ...(await Promise.all(SOURCE_DIRS.map(sourcesIn))).flat()];
  await Promise.all(
    files.map(async (file) => {
      const { code } = await transformFile(join(ROOT, file), { ...SWC_OPTIONS, filename: join(ROOT, file) });
      const out = join(dir, 'dist', file.replace(/\.ts$/, '.js'));
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, code);
    }),
  );
  return {
    main: join(dir, 'dist/apps/worker/src/main.js'),
    script: (name) => join(dir, 'dist/scripts', `${name}.js`),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The environment that makes main.ts's `loadConfig()` produce `config`. */
export function envFor(config: AppConfig): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value !== undefined && value !== null) env[key] = String(value);
  }
  return env;
}

export class WorkerProcess {
  private output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(private readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk) => (this.output += chunk));
    child.stderr?.on('data', (chunk) => (this.output += chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static start(worker: CompiledWorker, config: AppConfig): WorkerProcess {
    const child = spawn(process.execPath, ['--enable-source-maps', worker.main], {
      // Only what the worker reads: nothing of the test runner's own environment leaks in.
      env: { PATH: process.env.PATH ?? '', ...envFor(config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new WorkerProcess(child);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Everything the process printed (its JSON log lines): for failure messages. */
  get log(): string {
    return this.output;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once the worker's log says its queue processors are running. */
  async ready(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!/Workers started/.test(this.output)) {
      if (!this.running) throw new Error(`The worker exited before starting:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`The worker did not start within ${timeoutMs} ms:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Kills the process the hard way (no shutdown hooks run), as a crash or an OOM kill would. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Asks for a graceful shutdown and waits for it. */
  async stop(timeoutMs = 15_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
      const result = await this.exited;
      clearTimeout(timer);
      return result;
    }
    return this.exited;
  }
}
