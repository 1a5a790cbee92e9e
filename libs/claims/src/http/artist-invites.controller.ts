import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ArtistInviteToken, RedeemArtistInviteRequest } from '#pie/contracts';
import { ArtistSessionGuard, CurrentSubject, type SessionPrincipal } from '#pie/identity';
import { ok, RateLimit, RateLimitGuard, ZodBody, ZodParam } from '#pie/platform';
import { RedeemArtistInvite } from '../commands/redeem-artist-invite/redeem-artist-invite.command.js';
import { VerifyArtistInvite } from '../queries/verify-artist-invite/verify-artist-invite.query.js';

/** `/api/artist-invite/:token/*`: an invited artist sees whom the invite is for, signs in and redeems it. */
@Controller('api/artist-invite')
export class ArtistInvitesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get(':token/verify')
  @UseGuards(RateLimitGuard)
  @RateLimit({ name: 'artist-invite-verify:ip', by: 'ip', limit: 30, windowSeconds: 60 })
  async verify(@ZodParam('token', ArtistInviteToken) token: string) {
    return ok(await this.queries.execute(new VerifyArtistInvite(token)));
  }

  @Post(':token/redeem')
  @HttpCode(200)
  @UseGuards(ArtistSessionGuard)
  async redeem(@CurrentSubject() me: SessionPrincipal, @ZodParam('token', ArtistInviteToken) token: string, @ZodBody(RedeemArtistInviteRequest) body: RedeemArtistInviteRequest) {
    return ok(await this.commands.execute(new RedeemArtistInvite(me.subjectId, token, body)), 'Welcome to Pie: the artist is yours.');
  }
}
