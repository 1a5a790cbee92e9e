import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FetchCatalogue } from '#pie/listening';
import { Database, recordInOutbox } from '#pie/platform';
import { QueueMissingTracks } from './queue-missing-tracks.command.js';

/** Records listening's catalogue fetch (with this fan's provider access) in the outbox and returns at once. */
@CommandHandler(QueueMissingTracks)
export class QueueMissingTracksHandler implements ICommandHandler<QueueMissingTracks, { queued: true; jobId: string }> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: QueueMissingTracks) {
    const em = this.database.em().fork();
    const job = FetchCatalogue.create({ fanId });
    recordInOutbox(em, job);
    await em.flush();
    return { queued: true as const, jobId: job.id };
  }
}
