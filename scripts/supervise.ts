/**
 * A process kept running: `npm start`'s supervisor for the api, the worker and the sandbox. A child
 * that exits without being asked to is started again after a pause that doubles with each quick
 * crash (1 s, 2 s, 4 s … up to 30 s) and resets once it has run for a minute, each restart said in
 * the log. The rest of the platform keeps serving meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface SupervisedOptions {
  name: string;
  /** Arguments to node (the script and its flags). */
  args: string[];
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** 'inherit' (npm start) or 'pipe' (tests read the output through onOutput). */
  stdio?: 'inherit' | 'pipe';
  onOutput?: (text: string) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A run this long counts as healthy: the next crash starts over from firstDelayMs. */
  healthyAfterMs?: number;
}

export class Supervised {
  private child: ChildProcess | undefined;
  private stopping = false;
  private quickCrashes = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  /** How many times the process was started again after dying. */
  restarts = 0;

  private readonly options: SupervisedOptions;

  // No parameter property: `node scripts/start.ts` strips types only and refuses them.
  constructor(options: SupervisedOptions) {
    this.options = options;
  }

  get name(): string {
    return this.options.name;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    const { options } = this;
    const startedAt = Date.now();
    // A process group of its own: a Ctrl-C reaches only the supervisor, which stops the children in order.
    const child = spawn(process.execPath, options.args, { env: options.env, stdio: ['ignore', options.stdio ?? 'inherit', options.stdio ?? 'inherit'], detached: true });
    child.stdout?.on('data', (chunk: Buffer) => options.onOutput?.(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => options.onOutput?.(chunk.toString()));
    this.child = child;
    child.on('exit', (code, signal) => {
      if (this.stopping) return;
      const ranMs = Date.now() - startedAt;
      this.quickCrashes = ranMs >= (options.healthyAfterMs ?? 60_000) ? 0 : this.quickCrashes + 1;
      const delay = Math.min((options.firstDelayMs ?? 1_000) * 2 ** Math.max(0, this.quickCrashes - 1), options.maxDelayMs ?? 30_000);
      this.restarts += 1;
      this.log(`${options.name} exited (${signal ?? `code ${code}`}) after ${(ranMs / 1000).toFixed(1)} s; restarting in ${(delay / 1000).toFixed(1)} s (restart ${this.restarts})`);
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        if (!this.stopping) this.start();
      }, delay);
    });
  }

  /** Stops it for good: SIGTERM (its graceful shutdown), SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || !this.running) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
    });
  }

  /** The last resort when the supervisor itself is going away. */
  killNow(): void {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    if (this.running) this.child?.kill('SIGKILL');
  }

  private log(line: string): void {
    (this.options.log ?? ((text: string) => console.error(`[start] ${text}`)))(line);
  }
}
