import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SOCIAL_PROVIDERS, SocialLoginQuery, type SocialProvider } from '#pie/contracts';
import { APP_CONFIG, DomainError, ok, validParam, validQuery, type AppConfig } from '#pie/platform';
import { CaptchaVerifier, type CaptchaAction } from '../domain/captcha.js';
import { SocialSignIn, type SocialOutcome } from '../social/social-sign-in.service.js';
import { ArtistSessionGuard, CurrentSubject, FanSessionGuard, type SessionPrincipal } from './session.guard.js';
import { setSessionCookie } from './session-cookies.js';

const CallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});
// Parameter types are aliases (not the schema's own name) so decorator metadata stays a plain Object for OpenAPI.
type CallbackParams = z.infer<typeof CallbackQuery>;
type SocialLoginParams = z.infer<typeof SocialLoginQuery>;
const ProviderParam = z.enum(SOCIAL_PROVIDERS, { error: 'Unknown sign-in provider' });

const CAPTCHA_ACTION: Record<SocialProvider, CaptchaAction> = {
  spotify: 'spotify_login',
  google: 'google_login',
  twitter: 'twitter_login',
  facebook: 'facebook_login',
};

/** Sends the browser on: the provider page, or where the round trip ends. */
function redirect(reply: FastifyReply, location: string) {
  return reply.status(302).header('location', location).send();
}

/** Fan social sign-in, linking and disconnecting (`/api/auth/*`). */
@Controller('api/auth')
export class FanSocialAuthController {
  constructor(
    @Inject(SocialSignIn) private readonly social: SocialSignIn,
    @Inject(CaptchaVerifier) private readonly captcha: CaptchaVerifier,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async startLogin(provider: SocialProvider, query: SocialLoginParams, request: FastifyRequest, reply: FastifyReply) {
    try {
      await this.captcha.verify(query.recaptchaToken, CAPTCHA_ACTION[provider], request.ip);
    } catch (error) {
      // A browser navigation: show the reason on the page the person came from, not a JSON error.
      const message = error instanceof DomainError ? error.message : 'Sign-in failed. Please try again.';
      return redirect(reply, `${query.promo === 'try' ? '/try' : '/login'}?${new URLSearchParams({ error: message })}`);
    }
    const url = await this.social.start(provider, 'fan-login', { promo: query.promo, deviceType: query.deviceType });
    return redirect(reply, url);
  }

  @Get('loginSpotify')
  loginSpotify(@Query(validQuery(SocialLoginQuery)) query: SocialLoginParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.startLogin('spotify', query, request, reply);
  }

  @Get('loginGoogle')
  loginGoogle(@Query(validQuery(SocialLoginQuery)) query: SocialLoginParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.startLogin('google', query, request, reply);
  }

  @Get('loginTwitter')
  loginTwitter(@Query(validQuery(SocialLoginQuery)) query: SocialLoginParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.startLogin('twitter', query, request, reply);
  }

  @Get('loginFacebookFan')
  loginFacebook(@Query(validQuery(SocialLoginQuery)) query: SocialLoginParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.startLogin('facebook', query, request, reply);
  }

  @Get('callback/:provider')
  async callback(
    @Param('provider', validParam(ProviderParam)) provider: SocialProvider,
    @Query(validQuery(CallbackQuery)) query: CallbackParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.finish(await this.social.complete(provider, query, request.headers['user-agent'] ?? null), reply);
  }

  @Post('link-google')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  linkGoogle(@CurrentSubject() fan: SessionPrincipal) {
    return this.link('google', fan);
  }

  @Post('link-twitter')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  linkTwitter(@CurrentSubject() fan: SessionPrincipal) {
    return this.link('twitter', fan);
  }

  @Post('link-facebook')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  linkFacebook(@CurrentSubject() fan: SessionPrincipal) {
    return this.link('facebook', fan);
  }

  /** Not in the spec's list, but settings needs a way to connect the streaming provider after e-mail sign-up. */
  @Post('link-spotify')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  linkSpotify(@CurrentSubject() fan: SessionPrincipal) {
    return this.link('spotify', fan);
  }

  @Post('disconnect-spotify')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  disconnectSpotify(@CurrentSubject() fan: SessionPrincipal) {
    return this.disconnect('spotify', fan);
  }

  @Post('disconnect-google')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  disconnectGoogle(@CurrentSubject() fan: SessionPrincipal) {
    return this.disconnect('google', fan);
  }

  @Post('disconnect-twitter')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  disconnectTwitter(@CurrentSubject() fan: SessionPrincipal) {
    return this.disconnect('twitter', fan);
  }

  @Post('disconnect-facebook')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  disconnectFacebook(@CurrentSubject() fan: SessionPrincipal) {
    return this.disconnect('facebook', fan);
  }

  private async link(provider: SocialProvider, fan: SessionPrincipal) {
    const url = await this.social.start(provider, 'fan-link', { subjectId: fan.subjectId });
    return ok({ url }, `Continue at ${this.social.settings(provider).label} to link your account`);
  }

  private async disconnect(provider: SocialProvider, fan: SessionPrincipal) {
    await this.social.disconnect('fan', fan.subjectId, provider);
    return ok(undefined, `Disconnected ${this.social.settings(provider).label}`);
  }

  private finish(outcome: SocialOutcome, reply: FastifyReply) {
    if (outcome.session) setSessionCookie(reply, this.config, outcome.session.kind, outcome.session.opened.token, outcome.session.opened.expiresAt);
    return redirect(reply, outcome.redirectTo);
  }
}

/** Artists link Google to their account (`/api/for-artists/auth/*`). */
@Controller('api/for-artists/auth')
export class ArtistSocialAuthController {
  constructor(@Inject(SocialSignIn) private readonly social: SocialSignIn) {}

  @Post('link-google')
  @HttpCode(200)
  @UseGuards(ArtistSessionGuard)
  async linkGoogle(@CurrentSubject() artist: SessionPrincipal) {
    const url = await this.social.start('google', 'artist-link', { subjectId: artist.subjectId });
    return ok({ url }, 'Continue at Google to link your account');
  }

  @Post('disconnect-google')
  @HttpCode(200)
  @UseGuards(ArtistSessionGuard)
  async disconnectGoogle(@CurrentSubject() artist: SessionPrincipal) {
    await this.social.disconnect('artist', artist.subjectId, 'google');
    return ok(undefined, 'Disconnected Google');
  }

  @Get('callback/google')
  async callback(@Query(validQuery(CallbackQuery)) query: CallbackParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const outcome = await this.social.complete('google', query, request.headers['user-agent'] ?? null);
    return redirect(reply, outcome.redirectTo);
  }
}

/** Admins sign in with Google too; only existing admin accounts get in (`/api/admin/auth/*`). */
@Controller('api/admin/auth')
export class AdminSocialAuthController {
  constructor(
    @Inject(SocialSignIn) private readonly social: SocialSignIn,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('google')
  async google(@Res() reply: FastifyReply) {
    return redirect(reply, await this.social.start('google', 'admin-login'));
  }

  @Get('google/callback')
  async callback(@Query(validQuery(CallbackQuery)) query: CallbackParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const outcome = await this.social.complete('google', query, request.headers['user-agent'] ?? null);
    if (outcome.session) setSessionCookie(reply, this.config, 'admin', outcome.session.opened.token, outcome.session.opened.expiresAt);
    return redirect(reply, outcome.redirectTo);
  }
}
