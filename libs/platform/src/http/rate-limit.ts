import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Database } from '../database/database.js';
import { DomainError } from '../errors/domain-error.js';

export interface RateLimitRule {
  /** Names the counter, e.g. 'login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
  /**
   * What is counted: the caller's IP, an account (e-mail) from the body, or the signed-in subject
   * (`request.principal`, set by identity's session guards, which must run first). No key → rule skipped.
   */
  by: 'ip' | 'body.email' | 'subject';
}

const RATE_LIMIT_METADATA = 'pie:rate-limit';

/** Limits a route per IP and/or per account; state lives in Postgres so it holds across api replicas. */
export const RateLimit = (...rules: RateLimitRule[]) => SetMetadata(RATE_LIMIT_METADATA, rules);

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
    const [row] = await this.database.em().execute<{ hits: number; retry_after: string }[]>(
      `insert into platform.rate_limits as r (key, window_started_at, hits) values (?, now(), 1)
       on conflict (key) do update set
         hits = case when r.window_started_at <= now() - make_interval(secs => ?) then 1 else r.hits + 1 end,
         window_started_at = case when r.window_started_at <= now() - make_interval(secs => ?) then now() else r.window_started_at end
       returning hits, ceil(extract(epoch from (window_started_at + make_interval(secs => ?) - now()))) as retry_after`,
      [key, windowSeconds, windowSeconds, windowSeconds],
    );
    return row.hits > limit ? Math.max(1, Number(row.retry_after)) : 0;
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
    for (const rule of rules) {
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
  const email = (request.body as { email?: unknown } | undefined)?.email;
  // A NUL names no account (validation refuses it) and Postgres cannot store it in the key: no per-account count.
  if (typeof email !== 'string' || email.includes('\u0000')) return undefined;
  return email.trim() ? email.trim().toLowerCase().slice(0, 254) : undefined;
}
