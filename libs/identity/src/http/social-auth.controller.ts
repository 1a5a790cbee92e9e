import { Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SOCIAL_PROVIDERS, SocialLoginQuery, type SocialProvider } from '#pie/contracts';
import { APP_CONFIG, DomainError, ok, RateLimit, RateLimitGuard, ZodParam, ZodQuery, type AppConfig } from '#pie/platform';
import { CaptchaVerifier, type CaptchaAction } from '../domain/captcha.js';
import type { SessionKind } from '../domain/session.entity.js';
import { OAUTH_STATE_LIFETIME_MS, type OAuthPurpose } from '../social/oauth-states.js';
import { SocialSignIn, type CallbackContext, type SocialOutcome, type StartedRoundTrip } from '../social/social-sign-in.service.js';
import { ArtistSessionGuard, CurrentSubject, FanSessionGuard, type SessionPrincipal } from './session.guard.js';
import { SESSION_COOKIE, setSessionCookie } from './session-cookies.js';

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

/** Holds a hash of the state of the round trip this browser started; the callback requires it. */
export const OAUTH_BROWSER_COOKIE = 'oauth_round_trip';

function cookieOptions(config: AppConfig) {
  return { path: '/api', httpOnly: true, sameSite: 'lax' as const, secure: config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https://') };
}

/** Remembers in this browser the round trip it just started, and returns where to send it. */
function bindToBrowser(reply: FastifyReply, config: AppConfig, started: StartedRoundTrip): string {
  reply.setCookie(OAUTH_BROWSER_COOKIE, started.browserBinding, { ...cookieOptions(config), maxAge: OAUTH_STATE_LIFETIME_MS / 1000 });
  return started.url;
}

/** What a callback needs from the request; the round-trip cookie is spent whatever the outcome. */
function callbackContext(request: FastifyRequest, reply: FastifyReply, config: AppConfig, purposes: readonly OAuthPurpose[]): CallbackContext {
  reply.clearCookie(OAUTH_BROWSER_COOKIE, cookieOptions(config));
  const cookies = request.cookies ?? {};
  const sessionTokens: Partial<Record<SessionKind, string>> = {};
  for (const kind of Object.keys(SESSION_COOKIE) as SessionKind[]) {
    const token = cookies[SESSION_COOKIE[kind]];
    if (token) sessionTokens[kind] = token;
  }
  return { purposes, browserBinding: cookies[OAUTH_BROWSER_COOKIE], sessionTokens, userAgent: request.headers['user-agent'] ?? null };
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
    const started = await this.social.start(provider, 'fan-login', { promo: query.promo, deviceType: query.deviceType });
    return redirect(reply, bindToBrowser(reply, this.config, started));
  }

  @Get('loginSpotify')
  loginSpotify(@ZodQuery(SocialLoginQuery) query: SocialLoginParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.startLogin('spotify', query, request, reply);
  }

  @Get('loginGoogle')
  loginGoogle(@ZodQuery(SocialLoginQuery) query: SocialLoginParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.startLogin('google', query, request, reply);
  }

  @Get('loginTwitter')
  loginTwitter(@ZodQuery(SocialLoginQuery) query: SocialLoginParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.startLogin('twitter', query, request, reply);
  }

  @Get('loginFacebookFan')
  loginFacebook(@ZodQuery(SocialLoginQuery) query: SocialLoginParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.startLogin('facebook', query, request, reply);
  }

  @Get('callback/:provider')
  async callback(
    @ZodParam('provider', ProviderParam) provider: SocialProvider,
    @ZodQuery(CallbackQuery) query: CallbackParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.finish(await this.social.complete(provider, query, callbackContext(request, reply, this.config, ['fan-login', 'fan-link'])), reply);
  }

  @Post('link-google')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  linkGoogle(@CurrentSubject() fan: SessionPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.link('google', fan, reply);
  }

  @Post('link-twitter')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  linkTwitter(@CurrentSubject() fan: SessionPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.link('twitter', fan, reply);
  }

  @Post('link-facebook')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  linkFacebook(@CurrentSubject() fan: SessionPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.link('facebook', fan, reply);
  }

  /** Not in the spec's list, but settings needs a way to connect the streaming provider after e-mail sign-up. */
  @Post('link-spotify')
  @HttpCode(200)
  @UseGuards(FanSessionGuard)
  linkSpotify(@CurrentSubject() fan: SessionPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.link('spotify', fan, reply);
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

  private async link(provider: SocialProvider, fan: SessionPrincipal, reply: FastifyReply) {
    const started = await this.social.start(provider, 'fan-link', { subjectId: fan.subjectId });
    return ok({ url: bindToBrowser(reply, this.config, started) }, `Continue at ${this.social.settings(provider).label} to link your account`);
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
  constructor(
    @Inject(SocialSignIn) private readonly social: SocialSignIn,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('link-google')
  @HttpCode(200)
  @UseGuards(ArtistSessionGuard)
  async linkGoogle(@CurrentSubject() artist: SessionPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    const started = await this.social.start('google', 'artist-link', { subjectId: artist.subjectId });
    return ok({ url: bindToBrowser(reply, this.config, started) }, 'Continue at Google to link your account');
  }

  @Post('disconnect-google')
  @HttpCode(200)
  @UseGuards(ArtistSessionGuard)
  async disconnectGoogle(@CurrentSubject() artist: SessionPrincipal) {
    await this.social.disconnect('artist', artist.subjectId, 'google');
    return ok(undefined, 'Disconnected Google');
  }

  @Get('callback/google')
  async callback(@ZodQuery(CallbackQuery) query: CallbackParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const outcome = await this.social.complete('google', query, callbackContext(request, reply, this.config, ['artist-link']));
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

  /** Anonymous and writes a row per call: limited per IP like the other anonymous starts. */
  @Get('google')
  @UseGuards(RateLimitGuard)
  @RateLimit({ name: 'admin-google:ip', by: 'ip', limit: 20, windowSeconds: 300 })
  async google(@Res() reply: FastifyReply) {
    return redirect(reply, bindToBrowser(reply, this.config, await this.social.start('google', 'admin-login')));
  }

  @Get('google/callback')
  async callback(@ZodQuery(CallbackQuery) query: CallbackParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const outcome = await this.social.complete('google', query, callbackContext(request, reply, this.config, ['admin-login']));
    if (outcome.session) setSessionCookie(reply, this.config, 'admin', outcome.session.opened.token, outcome.session.opened.expiresAt);
    return redirect(reply, outcome.redirectTo);
  }
}
