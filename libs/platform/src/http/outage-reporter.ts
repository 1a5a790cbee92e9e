import { Logger } from '@nestjs/common';
import type { BackingService } from '../errors/outage.js';
import { QuietLog } from '../logging/quiet-log.js';

const PROBE_EVERY_MS = 2_000;

/**
 * What the api says about an outage, once: a line when requests start failing for want of the
 * database or the queue backend, a summary a minute while it lasts, a line when a probe finds the
 * service back. Each failed request still gets its own one access-log line (503), never a stack trace.
 */
export class OutageReporter {
  private readonly quiet = new QuietLog(new Logger('Outage'));
  private readonly probes = new Map<BackingService, NodeJS.Timeout>();

  constructor(
    private readonly isUp: Record<BackingService, () => Promise<boolean>>,
    readonly retryAfterSeconds: number,
  ) {}

  noticed(service: BackingService, error: unknown): void {
    this.quiet.failure(`${service} unavailable, answering 503`, error);
    if (this.probes.has(service)) return;
    const probe = setInterval(() => {
      void this.isUp[service]().then((up) => {
        if (!up || !this.probes.has(service)) return;
        clearInterval(probe);
        this.probes.delete(service);
        this.quiet.success(`${service} unavailable, answering 503`);
      });
    }, PROBE_EVERY_MS);
    probe.unref();
    this.probes.set(service, probe);
  }

  stop(): void {
    for (const probe of this.probes.values()) clearInterval(probe);
    this.probes.clear();
  }
}
