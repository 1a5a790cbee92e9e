import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROMO_PIE_CENTS } from '#pie/contracts';
import { FanContacts } from '#pie/identity';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';

/**
 * `GET /api/stripe/promoEligibility` (spec §4): available when the fan signed up through the
 * promotion, has not used it, and promo_pool can fund it; used once the free pie was taken.
 */
export class GetPromoEligibility extends Query<{ available: boolean; used: boolean }> {
  constructor(readonly fanId: string) {
    super();
  }
}

@QueryHandler(GetPromoEligibility)
export class GetPromoEligibilityHandler implements IQueryHandler<GetPromoEligibility> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(FanContacts) private readonly contacts: FanContacts,
    @Inject(Ledger) private readonly ledger: Ledger,
  ) {}

  async execute({ fanId }: GetPromoEligibility): Promise<{ available: boolean; used: boolean }> {
    const em = this.database.em();
    const promotion = await this.contacts.promotionOf(fanId, em);
    const [taken] = await em.execute(`select 1 from billing.subscriptions where fan_id = ? and promo`, [fanId]);
    const used = Boolean(promotion?.used || taken);
    const funded = (await this.ledger.balanceOf(accounts.promoPool, { em })) >= PROMO_PIE_CENTS;
    return { available: Boolean(promotion?.eligible) && !used && funded, used };
  }
}
