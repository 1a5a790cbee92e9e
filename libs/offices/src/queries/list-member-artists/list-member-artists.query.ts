import { Query } from '@nestjs/cqrs';

/** `GET offices/:officeId/members/:memberId/artists`: admins, or the member about themselves. */
export class ListMemberArtists extends Query<{ artistIds: string[] }> {
  constructor(readonly userId: string, readonly officeId: string, readonly memberId: string) {
    super();
  }
}
