import { Query } from '@nestjs/cqrs';
import type { Office } from '#pie/contracts';

/** `GET offices`: the caller's offices with their role and the members. */
export class ListOffices extends Query<Office[]> {
  constructor(readonly userId: string) {
    super();
  }
}
