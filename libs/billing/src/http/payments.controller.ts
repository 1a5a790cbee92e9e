import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { CancelSubscriptionRequest, CreateCheckoutRequest, CreatePromoSubscriptionRequest } from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas.
import type {
  CancelSubscriptionRequest as CancelBody,
  CreateCheckoutRequest as CheckoutBody,
  CreatePromoSubscriptionRequest as PromoBody,
} from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, ZodBody } from '#pie/platform';
import { CancelSubscription } from '../commands/cancel-subscription/cancel-subscription.handler.js';
import { CreateCheckout } from '../commands/create-checkout/create-checkout.handler.js';
import { CreatePromoSubscription } from '../commands/create-promo-subscription/create-promo-subscription.handler.js';
import { OpenBillingPortal } from '../commands/open-billing-portal/open-billing-portal.handler.js';
import { RefreshSubscription } from '../commands/refresh-subscription/refresh-subscription.handler.js';
import { GetActiveSubscription } from '../queries/get-active-subscription/get-active-subscription.handler.js';
import { openApiBody } from './openapi.js';

/**
 * The fan's payments (api-endpoints "Payments" rows; `promoAvailability` and `promoEligibility` are
 * identity's, which owns the promotion flags). Amounts in bodies are dollars; answers carry cents.
 */
@ApiTags('fan payments')
@Controller('api/stripe')
@UseGuards(FanSessionGuard)
export class PaymentsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('customerBillingAccount')
  async billingPortal(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.commands.execute(new OpenBillingPortal(fan.subjectId)));
  }

  @Get('activeSubscription')
  async activeSubscription(@CurrentSubject() fan: SessionPrincipal) {
    const subscription = await this.queries.execute(new GetActiveSubscription(fan.subjectId));
    return ok(subscription, subscription ? undefined : 'No subscription yet');
  }

  @Get('refreshSubscription')
  async refreshSubscription(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.commands.execute(new RefreshSubscription(fan.subjectId)));
  }

  @Post('createCheckout')
  @HttpCode(200)
  @ApiBody(openApiBody(CreateCheckoutRequest))
  async createCheckout(@CurrentSubject() fan: SessionPrincipal, @ZodBody(CreateCheckoutRequest) body: CheckoutBody) {
    return ok(await this.commands.execute(new CreateCheckout(fan.subjectId, body)), 'Checkout ready: continue to payment');
  }

  @Post('createPromoSubscription')
  @HttpCode(201)
  @ApiBody(openApiBody(CreatePromoSubscriptionRequest))
  async createPromoSubscription(@CurrentSubject() fan: SessionPrincipal, @ZodBody(CreatePromoSubscriptionRequest) body: PromoBody) {
    return ok(await this.commands.execute(new CreatePromoSubscription(fan.subjectId, body)), 'Your free pie is running');
  }

  @Post('cancelSubscription')
  @HttpCode(200)
  @ApiBody(openApiBody(CancelSubscriptionRequest))
  async cancelSubscription(@CurrentSubject() fan: SessionPrincipal, @ZodBody(CancelSubscriptionRequest) body: CancelBody) {
    return ok(await this.commands.execute(new CancelSubscription(fan.subjectId, body.subscriptionId)), 'Subscription cancelled');
  }
}
