import { Query } from '@nestjs/cqrs';
import type { adminInvitesPage } from '#pie/claims';

/** `GET artist-invites`: the invites, newest first (claims' facade pages and names them). */
export class ListInvites extends Query<Awaited<ReturnType<typeof adminInvitesPage>>> {
  constructor(readonly page: { page: number; limit: number }) {
    super();
  }
}
