import { Controller, Delete, Get, HttpCode, Inject, Patch, Post, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import {
  ArtistAreaIdParam,
  ArtistSearchQuery,
  CreateClaimRequest,
  FetchSocialsRequest,
  SocialCallbackQuery,
  SocialPlatformParam,
  UpdateClaimedArtistRequest,
  VerifyBioRequest,
} from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type {
  ArtistSearchQuery as ArtistSearchParams,
  CreateClaimRequest as CreateClaimBody,
  FetchSocialsRequest as FetchSocialsBody,
  SocialCallbackQuery as SocialCallbackParams,
  SocialPlatform,
  VerifyBioRequest as VerifyBioBody,
} from '#pie/contracts';
import { ArtistSessionGuard, CurrentSubject, type SessionPrincipal } from '#pie/identity';
import { ok, RateLimit, RateLimitGuard, ZodBody, ZodQuery, ZodParam } from '#pie/platform';
import { CancelClaim } from '../commands/cancel-claim/cancel-claim.command.js';
import { CompleteSocialVerification } from '../commands/complete-social-verification/complete-social-verification.command.js';
import { CreateClaim } from '../commands/create-claim/create-claim.command.js';
import { RemoveClaimedArtist } from '../commands/remove-claimed-artist/remove-claimed-artist.command.js';
import { StartSocialVerification } from '../commands/start-social-verification/start-social-verification.command.js';
import { VerifyBio } from '../commands/verify-bio/verify-bio.command.js';
import { FetchSocials } from '../queries/fetch-socials/fetch-socials.query.js';
import { GetClaim } from '../queries/get-claim/get-claim.query.js';
import { ListClaims } from '../queries/list-claims/list-claims.query.js';
import { SearchArtists } from '../queries/search-artists/search-artists.query.js';

const id = ArtistAreaIdParam;

function redirect(reply: FastifyReply, location: string) {
  return reply.status(302).header('location', location).send();
}

/**
 * The claim wizard and a claim's life (`/api/for-artists/*`, spec §7): search, socials, claims,
 * verification by bio string or by signing in to the artist's official account, and the office
 * route that depends on claims (an office's claimed artists; closing an office is offices', which asks claims through `OfficeClosing`).
 */
@Controller('api/for-artists')
@UseGuards(ArtistSessionGuard)
export class ClaimsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('search')
  async search(@CurrentSubject() me: SessionPrincipal, @ZodQuery(ArtistSearchQuery) query: ArtistSearchParams) {
    const { items, pagination } = await this.queries.execute(new SearchArtists(me.subjectId, query));
    return { ...ok(items), pagination };
  }

  @Post('artist/socials/fetch')
  @HttpCode(200)
  // Each call fetches the artist's profile page outside: enough for browsing the wizard, not for a flood.
  @UseGuards(RateLimitGuard)
  @RateLimit({ name: 'socials-fetch:artist', by: 'subject', limit: 20, windowSeconds: 600 }, { name: 'socials-fetch:ip', by: 'ip', limit: 60, windowSeconds: 600 })
  async socials(@CurrentSubject() me: SessionPrincipal, @ZodBody(FetchSocialsRequest) body: FetchSocialsBody) {
    return ok(await this.queries.execute(new FetchSocials(me.subjectId, body)));
  }

  @Get('claims')
  async list(@CurrentSubject() me: SessionPrincipal) {
    return ok(await this.queries.execute(new ListClaims(me.subjectId)));
  }

  @Post('claims')
  @HttpCode(201)
  async create(@CurrentSubject() me: SessionPrincipal, @ZodBody(CreateClaimRequest) body: CreateClaimBody) {
    return ok(await this.commands.execute(new CreateClaim(me.subjectId, body)), 'Claim created. Now prove the profile is yours.');
  }

  @Get('claims/verify-social/callback/:platform')
  async socialCallback(
    @CurrentSubject() me: SessionPrincipal,
    @ZodParam('platform', SocialPlatformParam) platform: SocialPlatform,
    @ZodQuery(SocialCallbackQuery) query: SocialCallbackParams,
    @Res() reply: FastifyReply,
  ) {
    const outcome = await this.commands.execute(new CompleteSocialVerification(me.subjectId, platform, query));
    // A reason code, never free text: the result page words it (a URL's text is anyone's to write).
    const params = new URLSearchParams({
      ...(outcome.claimId ? { claim: outcome.claimId } : {}),
      ...(outcome.ok ? (outcome.confirmedByHand ? { review: 'musicbrainz' } : {}) : { reason: outcome.reason }),
    });
    return redirect(reply, `/for-artists/verification/${platform}/${outcome.ok ? 'success' : 'failed'}?${params}`);
  }

  @Get('claims/:id')
  async get(@CurrentSubject() me: SessionPrincipal, @ZodParam('id', id) claimId: string) {
    return ok(await this.queries.execute(new GetClaim(me.subjectId, claimId, false)));
  }

  @Get('claims/:id/detailed')
  async getDetailed(@CurrentSubject() me: SessionPrincipal, @ZodParam('id', id) claimId: string) {
    return ok(await this.queries.execute(new GetClaim(me.subjectId, claimId, true)));
  }

  @Delete('claims/:id')
  async cancel(@CurrentSubject() me: SessionPrincipal, @ZodParam('id', id) claimId: string) {
    await this.commands.execute(new CancelClaim(me.subjectId, claimId));
    return ok(undefined, 'Claim deleted');
  }

  @Post('claims/:claimId/verify-bio')
  @HttpCode(200)
  // Each call fetches the profile and a linked page outside: a few tries after editing a bio.
  @UseGuards(RateLimitGuard)
  @RateLimit({ name: 'verify-bio:artist', by: 'subject', limit: 10, windowSeconds: 600 }, { name: 'verify-bio:ip', by: 'ip', limit: 30, windowSeconds: 600 })
  async verifyBio(@CurrentSubject() me: SessionPrincipal, @ZodParam('claimId', id) claimId: string, @ZodBody(VerifyBioRequest) body: VerifyBioBody) {
    return ok(await this.commands.execute(new VerifyBio(me.subjectId, claimId, body)), 'Verified: the profile is yours.');
  }

  /** The browser navigates here; it is sent to the platform's sign-in and comes back to the callback. */
  @Get('claims/:claimId/verify-social/:platform')
  async startSocial(
    @CurrentSubject() me: SessionPrincipal,
    @ZodParam('claimId', id) claimId: string,
    @ZodParam('platform', SocialPlatformParam) platform: SocialPlatform,
    @Res() reply: FastifyReply,
  ) {
    const { authorizeUrl } = await this.commands.execute(new StartSocialVerification(me.subjectId, claimId, platform));
    return redirect(reply, authorizeUrl);
  }

  @Patch('offices/:officeId/claimed-artists/:artistId')
  async removeClaimedArtist(
    @CurrentSubject() me: SessionPrincipal,
    @ZodParam('officeId', id) officeId: string,
    @ZodParam('artistId', id) artistId: string,
    @ZodBody(UpdateClaimedArtistRequest) _body: { status: 'Deleted' },
  ) {
    return ok(await this.commands.execute(new RemoveClaimedArtist(me.subjectId, officeId, artistId)), 'Artist removed from the office');
  }
}
