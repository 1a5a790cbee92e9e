import { Query } from '@nestjs/cqrs';

/** `GET offices/:officeId/member-token?email=`: an admin copies a pending invitation's link (a fresh one). */
export class GetMemberToken extends Query<{ email: string; token: string; link: string; expires_at: string }> {
  constructor(readonly userId: string, readonly officeId: string, readonly email: string) {
    super();
  }
}
