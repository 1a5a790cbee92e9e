import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { Admin } from '../../domain/admin.entity.js';
import { notSignedIn } from '../../domain/identity.errors.js';
import { GetAdminProfile } from './get-admin-profile.query.js';

@QueryHandler(GetAdminProfile)
export class GetAdminProfileHandler implements IQueryHandler<GetAdminProfile> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ adminId }: GetAdminProfile) {
    const admin = await this.database.em().findOne(Admin, { id: adminId });
    if (!admin) throw notSignedIn();
    return admin.toProfile();
  }
}
