import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { platformDb } from '../database/platform-db.js';
import { Database } from '../database/database.js';
import type { PlatformTables } from '../database/tables.generated.js';
import { typedDb } from '../database/typed-db.js';
import { DomainError } from '../errors/domain-error.js';
import { refuseBeforeBody } from './edge-limits.js';

export interface RateLimitRule {
  /** Names the counter, e.g. 'login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
  /**
   * What is counted: the caller's IP, an e-mail address from the body (an account, or whom a mail
   * goes to), the signed-in subject (`request.principal`, set by identity's session guards, which
   * must run first), or a path parameter (`param.officeId`: everything done to one office, whoever
   * does it). No key → rule skipped.
   */
  by: 'ip' | 'body.email' | 'subject' | `param.${string}`;
}

const RATE_LIMIT_METADATA = 'pie:rate-limit';
/** The route's rules in its Fastify route config, where a request hook can read them before the body is parsed. */
const EDGE_RULES_CONFIG = 'pieRateLimit';
/** Set on a request whose per-address rules were counted at the edge: the guard does not count them twice. */
const COUNTED_AT_EDGE = Symbol('pie.rateLimitCountedAtEdge');

/**
 * Limits a route per IP and/or per account; state lives in Postgres so it holds across api replicas.
 * Per-address rules run in a request hook, before the body is read or parsed (registerEdgeRateLimits);
 * per-account and per-subject rules need the body or the session and run in RateLimitGuard.
 */
export const RateLimit = (...rules: RateLimitRule[]) =>
  applyDecorators(SetMetadata(RATE_LIMIT_METADATA, rules), RouteConfig({ [EDGE_RULES_CONFIG]: rules }));

/** Over a limit: a 429 at the edge (the guard sets Retry-After). */
export class TooManyRequestsException extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate-limited', 'rate-limited', `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`);
  }
}

/** A fixed window per key: one upsert per check, atomic under concurrency. */
@Injectable()
export class RateLimiter {
  constructor(@Inject(Database) private readonly database: Database) {}

  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<number> {
    const windowStart = sql<boolean>`rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds})`;
    const row = await platformDb(this.database.em())
      .insertInto('platform.rate_limits')
      .values({ key, window_started_at: sql`now()`, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when ${windowStart} then 1 else rate_limits.hits + 1 end`,
          window_started_at: sql`case when ${windowStart} then now() else rate_limits.window_started_at end`,
        }),
      )
      .returning(['hits', sql<string>`ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))`.as('retry_after')])
      .executeTakeFirstOrThrow();
    return row.hits > limit ? Math.max(1, Number(row.retry_after)) : 0;
  }

  /** The hits counted under `key` in its current window (0 once the window has passed), without counting one. */
  async hitsInWindow(key: string, windowSeconds: number): Promise<number> {
    const row = await typedDb<PlatformTables>(this.database.em())
      .selectFrom('platform.rate_limits')
      .select('hits')
      .where('key', '=', key)
      .where('window_started_at', '>', sql<string>`now() - make_interval(secs => ${windowSeconds})`)
      .executeTakeFirst();
    return row?.hits ?? 0;
  }

  /** Forgets the count under `key` (the next hit starts a new window). */
  async clear(key: string): Promise<void> {
    await typedDb<PlatformTables>(this.database.em()).deleteFrom('platform.rate_limits').where('key', '=', key).execute();
  }
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.getAllAndOverride<RateLimitRule[] | undefined>(RATE_LIMIT_METADATA, [context.getHandler(), context.getClass()]);
    if (!rules || !this.config.RATE_LIMIT_ENABLED) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    let wait = 0;
    const countedAtEdge = (request as unknown as Record<symbol, boolean>)[COUNTED_AT_EDGE] === true;
    for (const rule of rules) {
      if (countedAtEdge && rule.by === 'ip') continue;
      const subject = keyOf(rule, request);
      if (!subject) continue;
      wait = Math.max(wait, await this.limiter.hit(`${rule.name}:${subject}`, rule.limit, rule.windowSeconds));
    }
    if (wait > 0) {
      context.switchToHttp().getResponse<FastifyReply>().header('retry-after', String(wait));
      throw new TooManyRequestsException(wait);
    }
    return true;
  }
}

function keyOf(rule: RateLimitRule, request: FastifyRequest): string | undefined {
  if (rule.by === 'ip') return request.ip;
  if (rule.by === 'subject') return (request as { principal?: { subjectId?: string } }).principal?.subjectId;
  if (rule.by.startsWith('param.')) {
    const value = (request.params as Record<string, unknown> | undefined)?.[rule.by.slice('param.'.length)];
    // Only well-formed values make a key (a malformed one is refused by validation anyway, and must not grow the table).
    return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value.toLowerCase() : undefined;
  }
  const email = (request.body as { email?: unknown } | undefined)?.email;
  // A NUL names no account (validation refuses it) and Postgres cannot store it in the key: no per-account count.
  if (typeof email !== 'string' || email.includes('\u0000')) return undefined;
  return email.trim() ? email.trim().toLowerCase().slice(0, 254) : undefined;
}

/**
 * Counts a route's per-address rules as soon as the request is routed (Fastify's onRequest), before
 * its body is read: a client over its limit is refused with 429 and Retry-After without sending,
 * and without the server parsing, the body it came with. Should the counter's database be down,
 * the request goes on and the route answers for itself (a 503).
 */
export function registerEdgeRateLimits(fastify: FastifyInstance, limiter: RateLimiter, config: Pick<AppConfig, 'RATE_LIMIT_ENABLED'>): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!config.RATE_LIMIT_ENABLED) return;
    const rules = ((request.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[EDGE_RULES_CONFIG] as RateLimitRule[] | undefined)?.filter((rule) => rule.by === 'ip');
    if (!rules?.length) return;
    let wait = 0;
    try {
      for (const rule of rules) wait = Math.max(wait, await limiter.hit(`${rule.name}:${request.ip}`, rule.limit, rule.windowSeconds));
    } catch {
      return;
    }
    (request as unknown as Record<symbol, boolean>)[COUNTED_AT_EDGE] = true;
    if (wait === 0) return;
    const refusal = new TooManyRequestsException(wait);
    reply.header('retry-after', String(wait));
    return refuseBeforeBody(request, reply, 429, { success: false, statusCode: 429, code: refusal.code, message: refusal.message });
  });
}
