import { Inject, Injectable } from '@nestjs/common';
import { HandlesJob, QueueRegistry, type JobHandler } from '#pie/platform';
import { IMPORT_PRIORITY } from '../../domain/listening.constants.js';
import { ScrobbleSources } from '../../domain/scrobble-sources.js';
import { SyncScrobbles, type SyncScrobblesPayload } from './sync-scrobbles.job.js';

/**
 * Syncs one fan's source (ListenBrainz or Last.fm, the same machinery). A back-fill goes on in a new job at once (each job reads a few pages,
 * so one fan's years of history never hold the queue); a rate limit queues the next try for when
 * the service's window resets. A 5xx throws: BullMQ retries with its backoff.
 */
@Injectable()
@HandlesJob(SyncScrobbles)
export class SyncScrobblesHandler implements JobHandler<SyncScrobblesPayload> {
  constructor(
    @Inject(ScrobbleSources) private readonly sources: ScrobbleSources,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async handle(payload: SyncScrobblesPayload): Promise<void> {
    const outcome = await this.sources.sync(payload.fanId, payload.source);
    if (outcome.kind !== 'backfilling' && outcome.kind !== 'rate-limited') return;
    const delay = outcome.kind === 'rate-limited' ? outcome.retryAfterMs : 0;
    // Years of history go on at an import's priority: polls (and first syncs) never wait behind a back-fill.
    await this.queues.get(SyncScrobbles.queue).add(SyncScrobbles.name, SyncScrobbles.create(payload), {
      jobId: `scrobbles-${payload.source}-${payload.fanId}-${Date.now() + delay}`,
      delay,
      ...(outcome.kind === 'backfilling' ? { priority: IMPORT_PRIORITY } : {}),
    });
  }
}

/** Queues a sync of the fan's source now (after connecting): one job per fan and second. */
export async function queueScrobbleSync(queues: QueueRegistry, payload: SyncScrobblesPayload): Promise<void> {
  await queues.get(SyncScrobbles.queue).add(SyncScrobbles.name, SyncScrobbles.create(payload), { jobId: `scrobbles-${payload.source}-${payload.fanId}-${Math.floor(Date.now() / 1000)}` });
}
