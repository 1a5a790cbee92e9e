import { Body, Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmailTokenParam, LoginRequest, RegisterFanRequest } from '#pie/contracts';
import { APP_CONFIG, ok, validBody, validParam, type AppConfig } from '#pie/platform';
import { LogInFan } from '../commands/log-in-fan/log-in-fan.command.js';
import { LogOut } from '../commands/log-out/log-out.command.js';
import { RegisterFan } from '../commands/register-fan/register-fan.command.js';
import { VerifyFanEmail } from '../commands/verify-fan-email/verify-fan-email.command.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-cookies.js';

/** Fan e-mail sign-up, verification, login and logout (`/api/auth/*`). */
@Controller('api/auth')
export class FanAuthController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  @HttpCode(201)
  async register(@Body(validBody(RegisterFanRequest)) body: RegisterFanRequest) {
    const user = await this.commands.execute(new RegisterFan(body));
    return ok(user, 'Account created. Check your e-mail for a link to verify your address.');
  }

  @Post('verify-email/:token')
  @HttpCode(200)
  async verifyEmail(@Param('token', validParam(EmailTokenParam)) token: string) {
    const user = await this.commands.execute(new VerifyFanEmail(token));
    return ok(user, 'Your e-mail is verified. You can log in now.');
  }

  @Post('login')
  @HttpCode(200)
  async login(
    @Body(validBody(LoginRequest)) body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { user, session } = await this.commands.execute(new LogInFan(body, request.headers['user-agent'] ?? null));
    setSessionCookie(reply, this.config, 'fan', session.token, session.expiresAt);
    return ok(user, 'Logged in');
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.commands.execute(new LogOut('fan', request.cookies?.[SESSION_COOKIE.fan]));
    clearSessionCookie(reply, this.config, 'fan');
    return ok(undefined, 'Logged out');
  }
}
