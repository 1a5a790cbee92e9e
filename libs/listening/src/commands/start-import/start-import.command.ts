import { Command } from '@nestjs/cqrs';
import type { CreateImportRequest, ImportProgress } from '#pie/contracts';

/** `POST /api/listening/imports`: a new export upload with its first chunk of rows. */
export class StartImport extends Command<ImportProgress> {
  constructor(
    readonly fanId: string,
    readonly request: CreateImportRequest,
  ) {
    super();
  }
}
