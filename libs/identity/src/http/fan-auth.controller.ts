import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChangePasswordRequest, RegisterFanRequest, UpdateFanNameRequest } from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type { ChangePasswordRequest as ChangePasswordBody, UpdateFanNameRequest as UpdateFanNameBody } from '#pie/contracts';
import { ok, RateLimit, RateLimitGuard, ZodBody } from '#pie/platform';
import { ChangePassword } from '../commands/change-password/change-password.command.js';
import { DeleteAccount } from '../commands/delete-account/delete-account.command.js';
import { RegisterFan } from '../commands/register-fan/register-fan.command.js';
import { RenameFan } from '../commands/rename-fan/rename-fan.command.js';
import { GetCurrentFan } from '../queries/get-current-fan/get-current-fan.query.js';
import { MailedAccountRoutes, REGISTER_RATE_LIMIT } from './account-routes.js';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from './session.guard.js';
import { clearSessionCookie } from './session-cookies.js';

export const REGISTERED_ANSWER = 'Account created. Check your e-mail for a link to verify your address.';

/** Fan e-mail sign-up, verification, login, logout, password reset and deletion (`/api/auth/*`). */
@Controller('api/auth')
export class FanAuthController extends MailedAccountRoutes {
  protected readonly kind = 'fan' as const;

  protected currentUser(subjectId: string) {
    return this.queries.execute(new GetCurrentFan(subjectId));
  }

  @Post('register')
  @HttpCode(201)
  @UseGuards(RateLimitGuard)
  @REGISTER_RATE_LIMIT
  async register(@ZodBody(RegisterFanRequest) body: RegisterFanRequest, @Req() request: FastifyRequest) {
    await this.captcha.verify(body.recaptchaToken, 'email_register', request.ip);
    await this.commands.execute(new RegisterFan(body));
    return ok({ email: body.email }, REGISTERED_ANSWER);
  }

  @Delete('account')
  @UseGuards(FanSessionGuard)
  @HttpCode(200)
  async deleteAccount(@CurrentSubject() fan: SessionPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.commands.execute(new DeleteAccount('fan', fan.subjectId));
    clearSessionCookie(reply, this.config, 'fan');
    return ok(undefined, 'Your account has been deleted.');
  }
}

/** `GET /api/user`: the signed-in fan; `PUT /api/user/name` and `PUT /api/user/password` from settings. */
@Controller('api/user')
@UseGuards(FanSessionGuard)
export class FanUserController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get()
  async me(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.queries.execute(new GetCurrentFan(fan.subjectId)));
  }

  @Put('name')
  async rename(@CurrentSubject() fan: SessionPrincipal, @ZodBody(UpdateFanNameRequest) body: UpdateFanNameBody) {
    await this.commands.execute(new RenameFan(fan.subjectId, body.first_name, body.last_name));
    return ok(await this.queries.execute(new GetCurrentFan(fan.subjectId)), 'Name saved');
  }

  /** A stolen session guessing the current password is slowed like a login is. */
  @Put('password')
  @UseGuards(RateLimitGuard)
  @RateLimit({ name: 'change-password:ip', by: 'ip', limit: 20, windowSeconds: 3600 })
  async changePassword(@CurrentSubject() fan: SessionPrincipal, @ZodBody(ChangePasswordRequest) body: ChangePasswordBody) {
    await this.commands.execute(new ChangePassword('fan', fan.subjectId, fan.sessionId, body.current_password, body.new_password));
    return ok(undefined, 'Password changed. Other devices have been signed out.');
  }
}
