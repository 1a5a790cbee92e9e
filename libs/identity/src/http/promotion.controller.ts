import { Controller, Get, Inject, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PromoAvailability, PromoEligibility } from '#pie/contracts';
import { Database, ok, RateLimit, RateLimitGuard, ZodQuery } from '#pie/platform';
import { CaptchaVerifier } from '../domain/captcha.js';
import { Fan } from '../domain/fan.entity.js';
import { notSignedIn } from '../domain/identity.errors.js';
import { promotionOpenTo } from '../domain/promotion-rules.js';
import { PROMO_UNAVAILABLE_MESSAGE, remainingPromotionCodes } from '../domain/promotions.js';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from './session.guard.js';

const PromoAvailabilityQuery = z.strictObject({ recaptchaToken: z.string().max(4096).optional() });

/** The free $5 pie promotion (`/try`): how many codes are left, and whether this fan may use one. */
@Controller('api/stripe')
export class PromotionController {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(CaptchaVerifier) private readonly captcha: CaptchaVerifier,
  ) {}

  @Get('promoAvailability')
  @UseGuards(RateLimitGuard)
  @RateLimit({ name: 'promo-availability:ip', by: 'ip', limit: 30, windowSeconds: 60 })
  async availability(@ZodQuery(PromoAvailabilityQuery) query: z.infer<typeof PromoAvailabilityQuery>, @Req() request: FastifyRequest) {
    await this.captcha.verify(query.recaptchaToken, 'check_promo_availability', request.ip);
    const remaining = await remainingPromotionCodes(this.database.em());
    const data: PromoAvailability = { available: remaining > 0, remaining };
    return ok(data, remaining > 0 ? 'Promotion codes are available' : PROMO_UNAVAILABLE_MESSAGE);
  }

  @Get('promoEligibility')
  @UseGuards(FanSessionGuard)
  async eligibility(@CurrentSubject() principal: SessionPrincipal) {
    const fan = await this.database.em().findOne(Fan, { id: principal.subjectId, deletedAt: null });
    if (!fan) throw notSignedIn();
    const data: PromoEligibility = { available: promotionOpenTo({ eligible: fan.promoEligible, used: fan.usedPromotionCode }), used: fan.usedPromotionCode };
    return ok(data);
  }
}
