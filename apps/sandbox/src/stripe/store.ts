import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { invalid, missing } from './errors.js';

/** Any Stripe object the sandbox keeps: it has an id and an `object` kind. */
export interface StripeObject {
  id: string;
  object: string;
  created?: number;
  [key: string]: unknown;
}

/** What the sandbox knows that Stripe's objects do not show. */
export interface Internals {
  /** Card number behind each payment method (`pm_…`). */
  cards: Record<string, string>;
  /** Per customer: the payment method later invoices are charged to. */
  renewalCard: Record<string, string>;
  /** Per checkout session: what it sells and what goes on the subscription. */
  sessions: Record<string, { items: Array<{ price: string; quantity: number }>; subscriptionMetadata: Record<string, string> }>;
  /** Balance transaction → the account whose balance it moves (`platform` or `acct_…`). */
  balanceOwner: Record<string, string>;
  /** Hosted onboarding links by token. */
  accountLinks: Record<string, { account: string; refreshUrl: string; returnUrl: string; expiresAt: number; used: boolean }>;
  /** Express dashboard links by token. */
  loginLinks: Record<string, { account: string; expiresAt: number }>;
  /** Connected account each payout was made from. */
  payoutAccount: Record<string, string>;
  /** Payout failure code forced per account (`account_closed`, …). */
  payoutFailure: Record<string, string>;
  /** Bank account number per connected account (decides test payout outcomes). */
  bankAccountNumber: Record<string, string>;
  /** Webhook endpoints: their secret, whether they get connected-account events, where they came from. */
  endpoints: Record<string, { secret: string; connect: 'both' | 'platform' | 'connect'; source: 'startup' | 'api' | 'control' }>;
  /** Invoice → its invoice payments (`inpay_…`), oldest first. */
  invoicePayments: Record<string, string[]>;
  /** Connected accounts that disconnected the platform (`account.application.deauthorized`). */
  deauthorized: Record<string, true>;
  /** Per connected account on an automatic schedule: the last UTC day (unix seconds at 00:00) it was paid out. */
  autoPayoutDay: Record<string, number>;
  /** Per connected account: the UTC months (`2026-11`) Stripe billed its monthly active-account fee for. */
  activeAccountMonths: Record<string, string[]>;
}

export interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
  at: number;
}

export interface StripeStateData {
  version: 1;
  /** Seconds added to real time: the sandbox's global clock. */
  clockOffsetSeconds: number;
  objects: Record<string, StripeObject>;
  /** Insertion order, so lists are newest first even within one second. */
  seq: Record<string, number>;
  nextSeq: number;
  internals: Internals;
  idempotency: Record<string, IdempotentAnswer>;
}

export function emptyState(): StripeStateData {
  return {
    version: 1,
    clockOffsetSeconds: 0,
    objects: {},
    seq: {},
    nextSeq: 1,
    internals: {
      cards: {},
      renewalCard: {},
      sessions: {},
      balanceOwner: {},
      accountLinks: {},
      loginLinks: {},
      payoutAccount: {},
      payoutFailure: {},
      bankAccountNumber: {},
      endpoints: {},
      invoicePayments: {},
      deauthorized: {},
      autoPayoutDay: {},
      activeAccountMonths: {},
    },
    idempotency: {},
  };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

// Random bytes drawn in blocks: one system call per id made renewals of many customers slow.
let pool = Buffer.alloc(0);
let poolAt = 0;

/** A Stripe-looking id: `cus_` + 24 base62 characters. */
export function newId(prefix: string, length = 24): string {
  if (poolAt + length > pool.length) {
    pool = randomBytes(Math.max(4096, length));
    poolAt = 0;
  }
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[pool[poolAt + i] % ALPHABET.length];
  poolAt += length;
  return `${prefix}_${out}`;
}

export interface ListParams {
  limit?: string;
  starting_after?: string;
  ending_before?: string;
}

export interface ApiListShape<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/**
 * The sandbox's memory: every object by id, plus internals. Persisted to `stateFile` (written
 * atomically, at most every 100 ms) when one is given.
 */
export class StripeStore {
  data: StripeStateData;
  private saveTimer: NodeJS.Timeout | undefined;
  /** Bumped by every change: work that only time can make due is skipped while nothing changed. */
  version = 0;
  /** Ids per object kind, so a list or a scan of one kind does not walk every event. */
  private byKind = new Map<string, Set<string>>();

  constructor(private readonly stateFile?: string) {
    this.data = emptyState();
    if (stateFile) {
      try {
        const loaded = JSON.parse(readFileSync(stateFile, 'utf8')) as StripeStateData;
        if (loaded.version === 1) this.data = { ...emptyState(), ...loaded, internals: { ...emptyState().internals, ...loaded.internals } };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read the Stripe sandbox state ${stateFile}: ${String(error)}`, { cause: error });
      }
    }
    this.reindex();
  }

  private reindex(): void {
    this.byKind.clear();
    for (const object of Object.values(this.data.objects)) this.kindSet(object.object).add(object.id);
  }

  private kindSet(kind: string): Set<string> {
    let ids = this.byKind.get(kind);
    if (!ids) this.byKind.set(kind, (ids = new Set()));
    return ids;
  }

  get internals(): Internals {
    return this.data.internals;
  }

  put<T extends { id: string; object: string }>(object: T): T {
    if (!(object.id in this.data.seq)) this.data.seq[object.id] = this.data.nextSeq++;
    this.data.objects[object.id] = object as unknown as StripeObject;
    this.kindSet(object.object).add(object.id);
    this.changed();
    return object;
  }

  find<T>(id: string, kind: string): T | undefined {
    const found = this.data.objects[id];
    return found && found.object === kind ? (found as unknown as T) : undefined;
  }

  /** The object, or Stripe's 404 (`No such customer: 'cus_…'`). */
  get<T>(id: string, kind: string, label = kind.replace(/_/g, ' ').replace(/^.*\./, ''), param = 'id'): T {
    if (typeof id !== 'string' || id === '') throw invalid(`Missing ${label} id`, param);
    const found = this.find<T>(id, kind);
    if (!found) throw missing(label, id, param);
    return found;
  }

  remove(id: string): void {
    const object = this.data.objects[id];
    if (object) this.byKind.get(object.object)?.delete(id);
    delete this.data.objects[id];
    delete this.data.seq[id];
    this.changed();
  }

  all<T>(kind: string, filter: (object: T) => boolean = () => true): T[] {
    const found: StripeObject[] = [];
    for (const id of this.byKind.get(kind) ?? []) {
      const object = this.data.objects[id];
      if (object && filter(object as unknown as T)) found.push(object);
    }
    return found.sort((a, b) => this.data.seq[b.id] - this.data.seq[a.id]) as unknown as T[];
  }

  /** Stripe's cursor pagination over newest-first objects. */
  page<T extends { id: string }>(items: T[], params: ListParams, url: string): ApiListShape<T> {
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('Invalid integer: limit must be between 1 and 100', 'limit', 'parameter_invalid_integer');
    let start = 0;
    let end = items.length;
    if (params.starting_after) {
      const at = items.findIndex((item) => item.id === params.starting_after);
      if (at < 0) throw invalid(`No such object: '${params.starting_after}'`, 'starting_after', 'resource_missing');
      start = at + 1;
    }
    if (params.ending_before) {
      const at = items.findIndex((item) => item.id === params.ending_before);
      if (at < 0) throw invalid(`No such object: '${params.ending_before}'`, 'ending_before', 'resource_missing');
      end = at;
      start = Math.max(start, end - limit);
    }
    const data = items.slice(start, Math.min(end, start + limit));
    const hasMore = params.ending_before ? start > 0 : start + limit < end;
    return { object: 'list', data, has_more: hasMore, url };
  }

  reset(keep: (id: string, object: StripeObject) => boolean): void {
    const fresh = emptyState();
    for (const [id, object] of Object.entries(this.data.objects)) {
      if (keep(id, object)) {
        fresh.objects[id] = object;
        fresh.seq[id] = fresh.nextSeq++;
        const endpoint = this.data.internals.endpoints[id];
        if (endpoint) fresh.internals.endpoints[id] = endpoint;
      }
    }
    this.data = fresh;
    this.reindex();
    this.changed();
  }

  /** Writes soon (coalescing bursts); `flush()` writes now. */
  changed(): void {
    this.version++;
    if (!this.stateFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), 100);
    this.saveTimer.unref();
  }

  flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.stateFile) return;
    mkdirSync(dirname(this.stateFile), { recursive: true });
    const temp = `${this.stateFile}.tmp`;
    writeFileSync(temp, JSON.stringify(this.data));
    renameSync(temp, this.stateFile);
  }
}
