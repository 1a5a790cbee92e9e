import { Query } from '@nestjs/cqrs';
import type { AdminProfile } from '#pie/contracts';

export class GetAdminProfile extends Query<AdminProfile> {
  constructor(readonly adminId: string) {
    super();
  }
}
