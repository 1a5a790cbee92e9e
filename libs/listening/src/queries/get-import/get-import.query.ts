import { Query } from '@nestjs/cqrs';
import type { ImportProgress } from '#pie/contracts';

/** One of the signed-in fan's export uploads, with its progress (`GET /api/listening/imports/:id`). */
export class GetImport extends Query<ImportProgress> {
  constructor(
    readonly fanId: string,
    readonly importId: string,
  ) {
    super();
  }
}
