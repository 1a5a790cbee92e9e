import { Inject, Injectable, Logger } from '@nestjs/common';
import { HandlesJob, QueueRegistry, type JobHandler } from '#pie/platform';
import { FanIngestion } from '../../domain/fan-ingestion.js';
import { IngestFan, type IngestFanPayload } from './ingest-fan.job.js';

/** A rate limit may push one poll back this often; after that the next scheduled poll takes over. */
const MAX_DEFERRALS = 12;

/**
 * Polls one fan. A 429 (now or earlier, through the app-wide cooldown) does not fail the job: a
 * new one is scheduled for when the provider's Retry-After has passed, with a little spread so the
 * fans held back do not all call at the same instant. A 5xx throws, and BullMQ retries with
 * exponential backoff.
 */
@Injectable()
@HandlesJob(IngestFan)
export class IngestFanHandler implements JobHandler<IngestFanPayload> {
  private readonly logger = new Logger(IngestFanHandler.name);

  constructor(
    @Inject(FanIngestion) private readonly ingestion: FanIngestion,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async handle(payload: IngestFanPayload): Promise<void> {
    const outcome = await this.ingestion.ingest(payload.fanId);
    if (outcome.kind !== 'rate-limited') return;
    const deferrals = (payload.deferrals ?? 0) + 1;
    if (deferrals > MAX_DEFERRALS) {
      this.logger.warn(`Poll of fan ${payload.fanId} deferred ${MAX_DEFERRALS} times by rate limits; leaving it to the schedule`);
      return;
    }
    const delay = outcome.retryAfterMs + Math.round(Math.random() * Math.min(outcome.retryAfterMs * 0.1, 30_000));
    const retryAt = Math.ceil((Date.now() + outcome.retryAfterMs) / 1000);
    await this.queues
      .get(IngestFan.queue)
      .add(IngestFan.name, IngestFan.create({ fanId: payload.fanId, reason: 'retry', deferrals }), { jobId: `ingest-${payload.fanId}-retry-${retryAt}`, delay });
  }
}
