import { setTimeout as sleep } from 'node:timers/promises';
import { HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmailTokenParam, ForgotPasswordRequest, LoginRequest, ResendVerificationRequest, ResetPasswordRequest } from '#pie/contracts';
import { APP_CONFIG, DomainError, ok, RateLimit, RateLimitGuard, RateLimiter, ZodBody, ZodParam, type AppConfig } from '#pie/platform';
import { LogIn } from '../commands/log-in/log-in.command.js';
import { LogOut } from '../commands/log-out/log-out.command.js';
import { RequestPasswordReset } from '../commands/request-password-reset/request-password-reset.command.js';
import { ResendVerification } from '../commands/resend-verification/resend-verification.command.js';
import { ResetPassword } from '../commands/reset-password/reset-password.command.js';
import { VerifyEmail } from '../commands/verify-email/verify-email.command.js';
import type { MailedAccountKind } from '../domain/accounts.js';
import { CaptchaVerifier } from '../domain/captcha.js';
import { CAPTCHA_AFTER_FAILURES, clearLoginFailures, loginDelayMs, recentLoginFailures, recordLoginFailure } from '../domain/login-throttle.js';
import type { SessionKind } from '../domain/session.entity.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-cookies.js';

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this e-mail, we sent it a link to reset the password.';
export const RESEND_VERIFICATION_ANSWER = 'If this e-mail has an account waiting to be verified, we sent it a new link.';

/**
 * Login and logout, the same for every kind of account. Each area's controller extends this
 * (Nest inherits the route decorators) and says which kind it serves and how it shows the user.
 */
export abstract class SessionRoutes {
  protected abstract readonly kind: SessionKind;

  constructor(
    @Inject(CommandBus) protected readonly commands: CommandBus,
    @Inject(QueryBus) protected readonly queries: QueryBus,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(CaptchaVerifier) protected readonly captcha: CaptchaVerifier,
    @Inject(RateLimiter) protected readonly limiter: RateLimiter,
  ) {}

  /** The signed-in account as this area's API shows it. */
  protected abstract currentUser(subjectId: string): Promise<unknown>;

  @Post('login')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  // Per IP only: per account, guessing slows down and then needs the captcha (below), so the owner is never locked out.
  @RateLimit({ name: 'login:ip', by: 'ip', limit: 30, windowSeconds: 300 })
  async login(@ZodBody(LoginRequest) body: LoginRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const throttled = this.config.RATE_LIMIT_ENABLED;
    const failures = throttled ? await recentLoginFailures(this.limiter, this.kind, body.email) : 0;
    if (failures >= CAPTCHA_AFTER_FAILURES) await this.captcha.verify(body.recaptchaToken, 'login', request.ip);
    await sleep(loginDelayMs(failures));
    const credentials = { email: body.email, password: body.password };
    let opened;
    try {
      opened = await this.commands.execute(new LogIn(this.kind, credentials, request.headers['user-agent'] ?? null, request.cookies?.[SESSION_COOKIE[this.kind]]));
    } catch (error) {
      if (throttled && error instanceof DomainError && error.code === 'identity.wrong-credentials') await recordLoginFailure(this.limiter, this.kind, body.email);
      throw error;
    }
    if (failures > 0) await clearLoginFailures(this.limiter, this.kind, body.email);
    setSessionCookie(reply, this.config, this.kind, opened.session.token, opened.session.expiresAt);
    return ok(await this.currentUser(opened.subjectId), 'Logged in');
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.commands.execute(new LogOut(this.kind, request.cookies?.[SESSION_COOKIE[this.kind]]));
    clearSessionCookie(reply, this.config, this.kind);
    return ok(undefined, 'Logged out');
  }
}

/** Adds the e-mail link flows (verification, forgotten password) for fans and artists. */
export abstract class MailedAccountRoutes extends SessionRoutes {
  protected abstract override readonly kind: MailedAccountKind;

  @Post('verify-email/:token')
  @HttpCode(200)
  async verifyEmail(@ZodParam('token', EmailTokenParam) token: string) {
    const subjectId = await this.commands.execute(new VerifyEmail(this.kind, token));
    return ok(await this.currentUser(subjectId), 'Your e-mail is verified. You can log in now.');
  }

  @Post('forgot-password')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit(
    { name: 'forgot-password:ip', by: 'ip', limit: 10, windowSeconds: 3600 },
    { name: 'forgot-password:account', by: 'body.email', limit: 3, windowSeconds: 3600 },
  )
  async forgotPassword(@ZodBody(ForgotPasswordRequest) body: ForgotPasswordRequest, @Req() request: FastifyRequest) {
    await this.captcha.verify(body.recaptchaToken, 'forgot_password', request.ip);
    await this.commands.execute(new RequestPasswordReset(this.kind, body.email));
    return ok(undefined, FORGOT_PASSWORD_ANSWER);
  }

  /** A new verification link (the check-your-inbox screen, the unverified-login error, settings). */
  @Post('resend-verification')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit(
    { name: 'resend-verification:ip', by: 'ip', limit: 10, windowSeconds: 3600 },
    { name: 'resend-verification:account', by: 'body.email', limit: 3, windowSeconds: 3600 },
  )
  async resendVerification(@ZodBody(ResendVerificationRequest) body: ResendVerificationRequest, @Req() request: FastifyRequest) {
    await this.captcha.verify(body.recaptchaToken, 'resend_verification', request.ip);
    await this.commands.execute(new ResendVerification(this.kind, body.email));
    return ok(undefined, RESEND_VERIFICATION_ANSWER);
  }

  @Post('reset-password/:token')
  @HttpCode(200)
  async resetPassword(@ZodParam('token', EmailTokenParam) token: string, @ZodBody(ResetPasswordRequest) body: ResetPasswordRequest) {
    await this.commands.execute(new ResetPassword(this.kind, token, body.password));
    return ok(undefined, 'Your password has been changed. Log in with the new one.');
  }
}

/** Sign-up is limited per IP and per address, like login. */
export const REGISTER_RATE_LIMIT = RateLimit(
  { name: 'register:ip', by: 'ip', limit: 10, windowSeconds: 3600 },
  { name: 'register:account', by: 'body.email', limit: 5, windowSeconds: 3600 },
);
