import { Query } from '@nestjs/cqrs';
import type { ImportProgress } from '#pie/contracts';

/** The signed-in fan's latest export uploads (`GET /api/listening/imports`). */
export class ListImports extends Query<ImportProgress[]> {
  constructor(readonly fanId: string) {
    super();
  }
}
