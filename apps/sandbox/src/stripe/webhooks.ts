import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { mulberry32, hashString } from '../streaming/prng.js';

/*
 * Webhook delivery: every event POSTed to every matching endpoint, signed the way Stripe signs
 * (`Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256(secret, "<t>.<payload>")>`), retried with
 * exponential backoff while the endpoint answers non-2xx or is unreachable. Knobs duplicate and
 * delay (reorder) deliveries so a receiver's idempotency and ordering assumptions are tested.
 */

export interface RetryPolicy {
  /** First retry after this many ms; doubles each time. */
  initialMs: number;
  maxMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
}

export interface DeliveryKnobs {
  /** Share (0–1) of deliveries sent twice. */
  duplicateRate: number;
  /** Each delivery first waits a random 0..window ms, so deliveries overtake each other. */
  reorderWindowMs: number;
  /** Seed of the random choices above (same seed, same choices). */
  seed: string;
  retry: RetryPolicy;
}

export const DEFAULT_KNOBS: DeliveryKnobs = {
  duplicateRate: 0,
  reorderWindowMs: 0,
  seed: 'pie-stripe-sandbox',
  retry: { initialMs: 1000, maxMs: 60_000, maxAttempts: 12 },
};

export interface WebhookTarget {
  id: string;
  url: string;
  secret: string;
}

export interface DeliveryRecord {
  event: string;
  type: string;
  endpoint: string;
  url: string;
  attempt: number;
  /** HTTP status, or 0 when the endpoint could not be reached. */
  status: number;
  /** Whether this was the extra copy sent by the duplicate knob. */
  duplicate: boolean;
  at: string;
}

/** Stripe's signature header for `payload` at unix time `timestamp`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class WebhookDispatcher {
  private knobs: DeliveryKnobs = structuredClone(DEFAULT_KNOBS);
  private random = mulberry32(hashString(this.knobs.seed));
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  /** Bumped to drop every delivery in flight (reset). */
  private generation = 0;
  private readonly log: DeliveryRecord[] = [];
  private closed = false;

  constructor(private readonly logger: (msg: string) => void) {}

  setKnobs(change: Partial<Omit<DeliveryKnobs, 'retry'>> & { retry?: Partial<RetryPolicy> }): DeliveryKnobs {
    const next: DeliveryKnobs = { ...this.knobs, ...change, retry: { ...this.knobs.retry, ...change.retry } };
    if (!(next.duplicateRate >= 0 && next.duplicateRate <= 1)) throw new RangeError('duplicateRate must be from 0 to 1');
    if (!(Number.isFinite(next.reorderWindowMs) && next.reorderWindowMs >= 0)) throw new RangeError('reorderWindowMs must be 0 or more');
    const { initialMs, maxMs, maxAttempts } = next.retry;
    if (!(initialMs >= 0 && maxMs >= initialMs && Number.isInteger(maxAttempts) && maxAttempts >= 1)) throw new RangeError('retry needs 0 ≤ initialMs ≤ maxMs and maxAttempts ≥ 1');
    if (change.seed !== undefined) this.random = mulberry32(hashString(String(next.seed)));
    this.knobs = next;
    return this.knobs;
  }

  getKnobs(): DeliveryKnobs {
    return this.knobs;
  }

  /** Drops pending deliveries and retries, restores the start-up knobs and empties the log. */
  async reset(): Promise<void> {
    this.dropPending();
    // Requests already on the wire finish (each within its timeout); nothing is retried after them.
    await this.flush();
    this.setKnobs({ ...structuredClone(DEFAULT_KNOBS) });
    this.log.length = 0;
  }

  private dropPending(): void {
    this.generation++;
    for (const [timer, wake] of this.timers) {
      clearTimeout(timer);
      wake();
    }
    this.timers.clear();
  }

  deliveries(): DeliveryRecord[] {
    return this.log;
  }

  /** Queues the event for each target; returns at once. */
  dispatch(event: Stripe.Event, targets: WebhookTarget[]): void {
    if (this.closed || targets.length === 0) return;
    const payload = JSON.stringify(event, null, 2);
    for (const target of targets) {
      const copies = this.random() < this.knobs.duplicateRate ? 2 : 1;
      for (let copy = 0; copy < copies; copy++) {
        const delay = this.knobs.reorderWindowMs > 0 ? Math.floor(this.random() * this.knobs.reorderWindowMs) : 0;
        this.track(this.deliver(event, payload, target, delay, copy > 0));
      }
    }
  }

  /** Resolves once every queued delivery has succeeded or given up. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.closed = true;
    this.dropPending();
  }

  private track(delivery: Promise<void>): void {
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  private async deliver(event: Stripe.Event, payload: string, target: WebhookTarget, delayMs: number, duplicate: boolean): Promise<void> {
    const generation = this.generation;
    await this.sleep(delayMs);
    const { retry } = this.knobs;
    for (let attempt = 1; attempt <= retry.maxAttempts && !this.closed && generation === this.generation; attempt++) {
      // Signed afresh each attempt with real time, as Stripe does: the receiver's tolerance holds.
      const header = signatureHeader(payload, target.secret, Math.floor(Date.now() / 1000));
      let status = 0;
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
      } catch {
        // Unreachable or timed out: recorded as status 0 and retried.
      }
      this.log.push({ event: event.id, type: event.type, endpoint: target.id, url: target.url, attempt, status, duplicate, at: new Date().toISOString() });
      if (this.log.length > 10_000) this.log.splice(0, this.log.length - 10_000);
      if (status >= 200 && status < 300) return;
      if (attempt < retry.maxAttempts) await this.sleep(Math.min(retry.initialMs * 2 ** (attempt - 1), retry.maxMs));
      else this.logger(`stripe: gave up delivering ${event.type} ${event.id} to ${target.url} after ${attempt} attempts (last status ${status})`);
    }
  }
}
