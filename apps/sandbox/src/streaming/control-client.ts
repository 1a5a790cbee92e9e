import type { ExportFormat } from './export.js';
import type { ForcedFaults, RandomFaultConfig, StatsSnapshot } from './limits.js';
import type { ListenerProfile } from './listening.js';
import type { ExtendedStreamingHistoryRow, StreamingHistoryRow } from './spotify-types.js';

/*
 * Drives the streaming stand-in's sandbox controls over HTTP, for the app's integration and
 * end-to-end tests (which talk to the sandbox only over HTTP, like the app):
 *
 *   const spotify = new SpotifySandboxControl(sandbox.urls.providers);
 *   await spotify.forceFaults(1, 429, { retryAfterSeconds: 1 });   // the next request gets a 429
 *   await spotify.advanceClock(2 * 3_600_000);                      // two hours of new plays (tokens age too)
 *   const rows = await spotify.exportHistory('listener1', { days: 120, format: 'extended' });
 */

export interface FaultState {
  random: RandomFaultConfig;
  forced: ForcedFaults | null;
}

export interface ClockState {
  now: string;
  nowMs: number;
  offsetMs: number;
}

export class SpotifySandboxControl {
  private readonly base: string;

  /** `providersUrl`: the sandbox providers base URL (e.g. `sandbox.urls.providers`). */
  constructor(providersUrl: string) {
    this.base = `${providersUrl.replace(/\/+$/, '')}/spotify`;
  }

  /** Random faults: rate 0..1, statuses, Retry-After, seed (restarts the replayable sequence). */
  setRandomFaults(config: { rate?: number; status?: number | number[]; retryAfterSeconds?: number; seed?: string | number }): Promise<FaultState> {
    return this.call('POST', '/__admin/faults', config);
  }

  /** No random faults (forced ones still apply). */
  disableFaults(): Promise<FaultState> {
    return this.setRandomFaults({ rate: 0 });
  }

  /** The next `count` Web API requests (optionally only under `path`, e.g. `/v1/me/player/recently-played`) fail with `status`. */
  forceFaults(count: number, status: number, options: { retryAfterSeconds?: number; path?: string } = {}): Promise<FaultState> {
    return this.call('POST', '/__admin/faults', { next: count, status, ...options });
  }

  /** Back to the configuration the sandbox started with; clears forced faults. */
  resetFaults(): Promise<FaultState> {
    return this.call('DELETE', '/__admin/faults');
  }

  faults(): Promise<FaultState> {
    return this.call('GET', '/__admin/faults');
  }

  setRateLimit(config: { enabled?: boolean; requestsPerSecond?: number; burst?: number }): Promise<{ enabled: boolean; requestsPerSecond?: number; burst?: number }> {
    return this.call('POST', '/__admin/rate-limit', config);
  }

  stats(): Promise<StatsSnapshot> {
    return this.call('GET', '/__admin/stats');
  }

  resetStats(): Promise<StatsSnapshot> {
    return this.call('POST', '/__admin/stats/reset');
  }

  clock(): Promise<ClockState> {
    return this.call('GET', '/__admin/clock');
  }

  /** Moves the streaming provider's time forward: new plays appear, access tokens age. */
  advanceClock(ms: number): Promise<ClockState> {
    return this.call('POST', '/__admin/clock', { advanceMs: ms });
  }

  setClockOffset(offsetMs: number): Promise<ClockState> {
    return this.call('POST', '/__admin/clock', { offsetMs });
  }

  /** Profile and history summary of any user id (top artists with their share). */
  listener(userId: string): Promise<Record<string, any>> {
    return this.call('GET', `/__sandbox/listeners/${encodeURIComponent(userId)}`);
  }

  /** Overrides a listener's profile, e.g. `{ hoursPerDay: 0 }` for someone who never plays. */
  setListenerProfile(userId: string, profile: Partial<ListenerProfile>): Promise<Record<string, any>> {
    return this.call('POST', `/__admin/listeners/${encodeURIComponent(userId)}`, profile);
  }

  resetListenerProfile(userId: string): Promise<Record<string, any>> {
    return this.call('DELETE', `/__admin/listeners/${encodeURIComponent(userId)}`);
  }

  /** The account-data export rows (one JSON file of the package) for the last `days` days. */
  exportHistory(userId: string, options: { days?: number; format: 'extended' }): Promise<ExtendedStreamingHistoryRow[]>;
  exportHistory(userId: string, options?: { days?: number; format?: 'basic' }): Promise<StreamingHistoryRow[]>;
  exportHistory(userId: string, options: { days?: number; format?: ExportFormat } = {}): Promise<StreamingHistoryRow[] | ExtendedStreamingHistoryRow[]> {
    const query = new URLSearchParams({ days: String(options.days ?? 90), format: options.format ?? 'basic' });
    return this.call('GET', `/__sandbox/export/${encodeURIComponent(userId)}?${query.toString()}`);
  }

  /** Sandbox-only artist facts: country (ISO 3166-1 alpha-2 or null) and the active flag. */
  artistExtensions(ids: string[]): Promise<{ artists: Array<{ id: string; name: string; country: string | null; active: boolean; genres: string[] } | null> }> {
    return this.call('GET', `/__sandbox/artists?ids=${ids.map(encodeURIComponent).join(',')}`);
  }

  catalogue(): Promise<Record<string, any>> {
    return this.call('GET', '/__sandbox/catalogue');
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`Sandbox ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }
}
