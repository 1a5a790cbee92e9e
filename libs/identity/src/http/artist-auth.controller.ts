import { Controller, Delete, Get, HttpCode, Inject, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompleteArtistRegistrationRequest, RegisterArtistRequest, UpdateArtistProfileRequest } from '#pie/contracts';
import { ok, RateLimitGuard, ZodBody } from '#pie/platform';
import { CompleteArtistRegistration } from '../commands/complete-artist-registration/complete-artist-registration.command.js';
import { DeleteAccount } from '../commands/delete-account/delete-account.command.js';
import { RegisterArtist } from '../commands/register-artist/register-artist.command.js';
import { UpdateArtistProfile } from '../commands/update-artist-profile/update-artist-profile.command.js';
import { GetCurrentArtist } from '../queries/get-current-artist/get-current-artist.query.js';
import { MailedAccountRoutes, REGISTER_RATE_LIMIT } from './account-routes.js';
import { REGISTERED_ANSWER } from './fan-auth.controller.js';
import { ArtistSessionGuard, CurrentSubject, type SessionPrincipal } from './session.guard.js';
import { clearSessionCookie, setSessionCookie } from './session-cookies.js';

/** Artist and office-member accounts (`/api/for-artists/auth/*`). */
@Controller('api/for-artists/auth')
export class ArtistAuthController extends MailedAccountRoutes {
  protected readonly kind = 'artist' as const;

  protected currentUser(subjectId: string) {
    return this.queries.execute(new GetCurrentArtist(subjectId));
  }

  @Post('register')
  @HttpCode(201)
  @UseGuards(RateLimitGuard)
  @REGISTER_RATE_LIMIT
  async register(@ZodBody(RegisterArtistRequest) body: RegisterArtistRequest, @Req() request: FastifyRequest) {
    await this.captcha.verify(body.recaptchaToken, 'artist_register', request.ip);
    await this.commands.execute(new RegisterArtist(body));
    return ok({ email: body.email }, REGISTERED_ANSWER);
  }

  @Post('complete-registration')
  @HttpCode(200)
  async completeRegistration(
    @ZodBody(CompleteArtistRegistrationRequest) body: CompleteArtistRegistrationRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { subjectId, session } = await this.commands.execute(new CompleteArtistRegistration(body, request.headers['user-agent'] ?? null));
    setSessionCookie(reply, this.config, 'artist', session.token, session.expiresAt);
    return ok(await this.currentUser(subjectId), 'Your account is ready.');
  }

  @Delete('delete-account')
  @UseGuards(ArtistSessionGuard)
  @HttpCode(200)
  async deleteAccount(@CurrentSubject() artist: SessionPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.commands.execute(new DeleteAccount('artist', artist.subjectId));
    clearSessionCookie(reply, this.config, 'artist');
    return ok(undefined, 'Your account has been deleted.');
  }
}

/** `GET /api/for-artists/user`, `PATCH /api/for-artists/user/profile`. */
@Controller('api/for-artists/user')
@UseGuards(ArtistSessionGuard)
export class ArtistUserController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  async me(@CurrentSubject() artist: SessionPrincipal) {
    return ok(await this.queries.execute(new GetCurrentArtist(artist.subjectId)));
  }

  @Patch('profile')
  async updateProfile(@CurrentSubject() artist: SessionPrincipal, @ZodBody(UpdateArtistProfileRequest) body: UpdateArtistProfileRequest) {
    await this.commands.execute(new UpdateArtistProfile(artist.subjectId, body));
    return ok(await this.queries.execute(new GetCurrentArtist(artist.subjectId)), 'Profile updated');
  }
}
