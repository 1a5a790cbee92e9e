import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SyncResult } from '#pie/contracts';
import { APP_CONFIG, Database, RateLimiter, recordInOutbox, TooManyRequestsException, type AppConfig } from '#pie/platform';
import { FanIngestion } from '../../domain/fan-ingestion.js';
import { connectionBroken, notConnected, providerUnavailable } from '../../domain/listening.errors.js';
import { IngestFan } from '../../jobs/ingest-fan/ingest-fan.job.js';
import { SpotifyUnavailableError } from '../../provider/spotify-web-api.js';
import { SyncFanNow } from './sync-fan-now.command.js';

/** A fan may ask for a sync this often (the schedule polls them anyway). */
const SYNCS_PER_MINUTE = 6;

/**
 * Runs the same poll the worker runs, in the request, and answers with the counts. When the
 * provider asks us to wait, the poll is handed to the worker (which waits for Retry-After) and the
 * answer says so.
 */
@CommandHandler(SyncFanNow)
export class SyncFanNowHandler implements ICommandHandler<SyncFanNow> {
  constructor(
    @Inject(FanIngestion) private readonly ingestion: FanIngestion,
    @Inject(Database) private readonly database: Database,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ fanId }: SyncFanNow): Promise<SyncResult> {
    if (this.config.RATE_LIMIT_ENABLED) {
      const wait = await this.limiter.hit(`listening-sync:${fanId}`, SYNCS_PER_MINUTE, 60);
      if (wait > 0) throw new TooManyRequestsException(wait);
    }
    let outcome;
    try {
      outcome = await this.ingestion.ingest(fanId);
    } catch (error) {
      if (error instanceof SpotifyUnavailableError) throw providerUnavailable();
      throw error;
    }
    switch (outcome.kind) {
      case 'ingested':
        return { fetched: outcome.fetched, inserted: outcome.inserted, last_played_at: outcome.lastPlayedAt?.toISOString() ?? null, deferred: false };
      case 'rate-limited':
        await this.database.transaction(async (em) => {
          recordInOutbox(em, IngestFan.create({ fanId, reason: 'manual' }));
          await em.flush();
        });
        return {
          fetched: outcome.fetched,
          inserted: outcome.inserted,
          last_played_at: outcome.lastPlayedAt?.toISOString() ?? null,
          deferred: true,
          retry_after_seconds: Math.ceil(outcome.retryAfterMs / 1000),
        };
      case 'broken':
        throw connectionBroken(outcome.reason);
      case 'not-connected':
        throw notConnected();
    }
  }
}
