import { Command } from '@nestjs/cqrs';
import type { ImportChunkRequest, ImportProgress } from '#pie/contracts';

/** `POST /api/listening/imports/:id/chunks`: one more chunk of an upload; the last one queues the import. */
export class AddImportChunk extends Command<ImportProgress> {
  constructor(
    readonly fanId: string,
    readonly importId: string,
    readonly request: ImportChunkRequest,
  ) {
    super();
  }
}
