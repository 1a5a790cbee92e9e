import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'kysely';
import { RECONCILIATION_TYPES } from '#pie/contracts';
import { ArtistPages } from '#pie/claims';
import { catalogueArtist } from '#pie/listening';
import { Database, HandlesJob, QueueRegistry, type JobContext, type JobHandler } from '#pie/platform';
import { adminDb } from '../db/admin-db.js';
import { Reconciliations } from '../domain/reconciliations.js';
import { runDiscovery } from '../domain/email-discovery.js';
import { DiscoverArtistEmail } from './discover-artist-email/discover-artist-email.job.js';
import { WorkerHeartbeat } from './heartbeat/heartbeat.job.js';
import { RunProviderCheck } from './run-provider-check/run-provider-check.job.js';
import { RunReconciliation } from './run-reconciliation/run-reconciliation.job.js';
import { failRun } from '../domain/reconciliation.js';

@Injectable()
@HandlesJob(DiscoverArtistEmail)
export class DiscoverArtistEmailHandler implements JobHandler<{ artistId: string }> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ArtistPages) private readonly pages: ArtistPages,
  ) {}

  async handle({ artistId }: { artistId: string }): Promise<void> {
    const artist = await catalogueArtist(this.database.em(), artistId);
    if (artist) await runDiscovery(this.database, this.pages, artist);
  }
}

/** Runs every check in turn; one failing to run (Stripe unreachable) does not stop the others, and fails the job for a retry. */
@Injectable()
@HandlesJob(RunReconciliation)
export class RunReconciliationHandler implements JobHandler<Record<string, never>> {
  constructor(@Inject(Reconciliations) private readonly actions: Reconciliations) {}

  async handle(): Promise<void> {
    const errors: string[] = [];
    for (const type of RECONCILIATION_TYPES) await this.actions.runReconciliation('nightly', type, false).catch((error: Error) => errors.push(`${type}: ${error.message}`));
    if (errors.length > 0) throw new Error(`reconciliation checks could not run: ${errors.join('; ')}`);
  }
}

/**
 * An admin's provider check. Stripe unreachable: the job is retried (the run stays `running`); on
 * the last attempt the run is marked failed with the reason, so the screen never waits for ever.
 */
@Injectable()
@HandlesJob(RunProviderCheck)
export class RunProviderCheckHandler implements JobHandler<{ runId: string }> {
  constructor(
    @Inject(Reconciliations) private readonly actions: Reconciliations,
    @Inject(Database) private readonly database: Database,
  ) {}

  async handle({ runId }: { runId: string }, context: JobContext): Promise<void> {
    try {
      await this.actions.completeProviderCheck(runId);
    } catch (error) {
      if (context.finalAttempt) await failRun(this.database.em(), runId, (error as Error).message);
      throw error;
    }
  }
}

@Injectable()
@HandlesJob(WorkerHeartbeat)
export class WorkerHeartbeatHandler implements JobHandler<Record<string, never>> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(): Promise<void> {
    await adminDb(this.database.em())
      .insertInto('admin.worker_heartbeats')
      .values({ worker: `${hostname()}:${process.pid}`, beat_at: sql`now()` })
      .onConflict((conflict) => conflict.column('worker').doUpdateSet({ beat_at: sql`now()` }))
      .execute();
  }
}

/** The nightly reconciliation (02:30 UTC) and the heartbeat (every 30 s); upserting is idempotent. */
@Injectable()
export class AdminSchedules implements OnApplicationBootstrap {
  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.queues.get('admin');
    await queue.upsertJobScheduler('admin-reconciliation', { pattern: '30 2 * * *', tz: 'UTC' }, { name: RunReconciliation.name, data: RunReconciliation.create({}) });
    await queue.upsertJobScheduler('admin-heartbeat', { every: 30_000 }, { name: WorkerHeartbeat.name, data: WorkerHeartbeat.create({}) });
  }
}
