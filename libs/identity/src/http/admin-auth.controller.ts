import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ok } from '#pie/platform';
import { GetAdminProfile } from '../queries/get-admin-profile/get-admin-profile.query.js';
import { SessionRoutes } from './account-routes.js';
import { AdminSessionGuard, CurrentSubject, type SessionPrincipal } from './session.guard.js';

/** Admin password sign-in (`/api/admin/auth/*`). Admin accounts are never created over HTTP. */
@Controller('api/admin/auth')
export class AdminAuthController extends SessionRoutes {
  protected readonly kind = 'admin' as const;

  protected currentUser(subjectId: string) {
    return this.queries.execute(new GetAdminProfile(subjectId));
  }
}

/** `GET /api/admin/profile`. */
@Controller('api/admin/profile')
@UseGuards(AdminSessionGuard)
export class AdminProfileController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  async profile(@CurrentSubject() admin: SessionPrincipal) {
    return ok(await this.queries.execute(new GetAdminProfile(admin.subjectId)));
  }
}
