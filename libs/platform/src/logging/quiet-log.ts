import { Logger } from '@nestjs/common';

/** `scheme://user:password@` in a message (a connection string in a driver's error) loses its credentials. */
const CREDENTIALS_IN_URL = /([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;

/**
 * An error as one safe line: its message only (never the error object, which can carry a client
 * with its connection options), credentials in URLs masked, at most 300 characters.
 */
export function safeMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const line = message.replace(CREDENTIALS_IN_URL, '$1***@').replace(/\s+/g, ' ').trim().slice(0, 300);
  return typeof code === 'string' && !line.includes(code) ? `${line} (${code})` : line;
}

interface Failing {
  since: number;
  total: number;
  sinceSummary: number;
  lastSummaryAt: number;
  lastMessage: string;
}

/**
 * Logging for something that fails over and over while a backing service is down (the relay's
 * ticks, a queue client's reconnects): one line when it starts failing, one summary per
 * `summaryEveryMs` while it goes on (how many failures, the last message), one line when it
 * recovers. An outage of a minute is a handful of lines, not thousands.
 */
export class QuietLog {
  private readonly failing = new Map<string, Failing>();

  constructor(
    private readonly logger: Pick<Logger, 'error' | 'warn' | 'log'>,
    private readonly summaryEveryMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** `what` failed (e.g. 'outbox relay', 'events worker'): logged at once the first time, then summarised. */
  failure(what: string, error: unknown): void {
    const message = safeMessage(error);
    const now = this.now();
    const state = this.failing.get(what);
    if (!state) {
      this.failing.set(what, { since: now, total: 1, sinceSummary: 0, lastSummaryAt: now, lastMessage: message });
      this.logger.error(`${what} failing: ${message} (further failures are summarised every ${Math.round(this.summaryEveryMs / 1000)} s)`);
      return;
    }
    state.total += 1;
    state.sinceSummary += 1;
    state.lastMessage = message;
    if (now - state.lastSummaryAt >= this.summaryEveryMs) {
      this.logger.warn(`${what} still failing for ${Math.round((now - state.since) / 1000)} s: ${state.sinceSummary} failure(s) since the last line; last: ${message}`);
      state.sinceSummary = 0;
      state.lastSummaryAt = now;
    }
  }

  /** `what` worked: if it was failing, one line saying it recovered. */
  success(what: string): void {
    const state = this.failing.get(what);
    if (!state) return;
    this.failing.delete(what);
    this.logger.log(`${what} recovered after ${Math.round((this.now() - state.since) / 1000)} s (${state.total} failure(s))`);
  }

  isFailing(what: string): boolean {
    return this.failing.has(what);
  }
}
