import { Controller, Get, HttpCode, Inject, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ListeningIdParam, UpdateUsernameRequest, UpdateVisibilityRequest } from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type { UpdateUsernameRequest as UpdateUsernameBody, UpdateVisibilityRequest as UpdateVisibilityBody } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, ZodBody, ZodParam } from '#pie/platform';
import { JoinBeta } from '../commands/join-beta/join-beta.command.js';
import { UpdateUsername } from '../commands/update-username/update-username.command.js';
import { UpdateVisibility } from '../commands/update-visibility/update-visibility.command.js';
import { GetListeningActivity } from '../queries/get-listening-activity/get-listening-activity.query.js';
import { GetUserDetails } from '../queries/get-user-details/get-user-details.query.js';

/**
 * `/api/user/*` beyond `GET /api/user` (identity's): public profiles, the fan's listening
 * activity, username, visibility and the beta opt-in.
 */
@Controller('api/user')
@UseGuards(FanSessionGuard)
export class UserProfileController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get('details/:userId')
  async details(@CurrentSubject() fan: SessionPrincipal, @ZodParam('userId', ListeningIdParam) userId: string) {
    return ok(await this.queries.execute(new GetUserDetails(userId, fan.subjectId)));
  }

  @Get('activity')
  async activity(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.queries.execute(new GetListeningActivity(fan.subjectId)));
  }

  @Post('joinBeta')
  @HttpCode(200)
  async joinBeta(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.commands.execute(new JoinBeta(fan.subjectId)), 'Welcome to the beta!');
  }

  @Put('username')
  async username(@CurrentSubject() fan: SessionPrincipal, @ZodBody(UpdateUsernameRequest) body: UpdateUsernameBody) {
    return ok(await this.commands.execute(new UpdateUsername(fan.subjectId, body.username)), 'Username saved');
  }

  @Put('visibility')
  async visibility(@CurrentSubject() fan: SessionPrincipal, @ZodBody(UpdateVisibilityRequest) body: UpdateVisibilityBody) {
    return ok(await this.commands.execute(new UpdateVisibility(fan.subjectId, body)), 'Visibility saved');
  }
}
