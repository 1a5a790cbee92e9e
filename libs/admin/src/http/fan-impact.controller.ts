import { Controller, Get, Inject, Res, UseGuards } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { FanImpactQuery, FanImpactViewSchema, PieIdParam } from '#pie/contracts';
// The parameter type under another name: decorator metadata must not point at the zod schema (OpenAPI reads it).
import type { FanImpactQueryInput } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, ZodParam, ZodQuery, ZodResponse } from '#pie/platform';
import { FanImpacts } from '../domain/fan-impacts.js';

/** `GET /api/report/impact[/card.png]` (issue 31): the signed-in fan's own impact, never another fan's (the session names the fan; no id in the path). */
@Controller('api/report/impact')
@UseGuards(FanSessionGuard)
export class FanImpactController {
  constructor(@Inject(FanImpacts) private readonly impacts: FanImpacts) {}

  /** All time, or `year` (UTC), or one of the fan's closed `periodId`s. */
  @Get()
  @ZodResponse(FanImpactViewSchema)
  async view(@CurrentSubject() fan: SessionPrincipal, @ZodQuery(FanImpactQuery) query: FanImpactQueryInput) {
    return ok(await this.impacts.view(fan.subjectId, query));
  }

  /** The same scope as a 1200×630 PNG card to download and share. */
  @Get('card.png')
  @ApiProduces('image/png')
  @ApiResponse({ status: 200, description: 'The card, 1200×630 PNG, as an attachment (names only what the fan’s visibility allows)', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  async card(@CurrentSubject() fan: SessionPrincipal, @ZodQuery(FanImpactQuery) query: FanImpactQueryInput, @Res() reply: FastifyReply) {
    const png = await this.impacts.ownCard(fan.subjectId, query);
    const name = query.periodId ? `period-${query.periodId.slice(0, 8)}` : query.year ? String(query.year) : 'all-time';
    await reply
      .header('content-type', 'image/png')
      .header('content-disposition', `attachment; filename="pie-impact-${name}.png"`)
      .header('cache-control', 'private, no-store')
      .send(png);
  }
}

/** `GET /api/pie/pie/:pieId/card.png`: the public pie's card (its Open Graph image), only when its fan's profile is public. */
@Controller('api/pie/pie')
export class PublicPieCardController {
  constructor(@Inject(FanImpacts) private readonly impacts: FanImpacts) {}

  @Get(':pieId/card.png')
  @ApiProduces('image/png')
  @ApiResponse({ status: 200, description: 'The public pie’s card, 1200×630 PNG (its Open Graph image)', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 404, description: 'No such pie, or its fan’s profile is private' })
  async card(@ZodParam('pieId', PieIdParam) pieId: string, @Res() reply: FastifyReply) {
    const png = await this.impacts.publicPieCard(pieId);
    // Every cache asks again each time: a fan who turns their profile private (or deletes their
    // account) is off their card at once. Cheap: the same card is rendered once, off the event loop (impact-card.ts).
    await reply.header('content-type', 'image/png').header('cache-control', 'no-cache').send(png);
  }
}
