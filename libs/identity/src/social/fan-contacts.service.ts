import { Inject, Injectable } from '@nestjs/common';
import { Database, type EntityManager } from '#pie/platform';
import { Fan } from '../domain/fan.entity.js';

export interface FanContact {
  email: string;
  firstName: string;
}

/** Where other modules may write to a fan: nothing for deleted fans or fans without a real address. */
@Injectable()
export class FanContacts {
  constructor(@Inject(Database) private readonly database: Database) {}

  async contactOf(fanId: string, em: EntityManager = this.database.em()): Promise<FanContact | null> {
    const fan = await em.findOne(Fan, { id: fanId, deletedAt: null });
    if (!fan || fan.email.endsWith('.invalid')) return null;
    return { email: fan.email, firstName: fan.firstName };
  }

  /** The fan's promotion flags (spec §3): flagged eligible at sign-up, and whether the free pie was used. */
  async promotionOf(fanId: string, em: EntityManager = this.database.em()): Promise<{ eligible: boolean; used: boolean } | null> {
    const fan = await em.findOne(Fan, { id: fanId, deletedAt: null });
    return fan ? { eligible: fan.promoEligible, used: fan.usedPromotionCode } : null;
  }

  /** Records, in the caller's transaction, that the fan used their free pie; false if it already was. */
  async markPromotionUsed(fanId: string, em: EntityManager): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update identity.fans set used_promotion_code = true where id = ? and not used_promotion_code and deleted_at is null returning id`,
      [fanId],
    );
    return rows.length > 0;
  }

  /** Keeps the fan's `stripe_customer_id` (spec §3) in step with billing's customer. */
  async recordStripeCustomer(fanId: string, stripeCustomerId: string, em: EntityManager): Promise<void> {
    await em.execute(`update identity.fans set stripe_customer_id = ? where id = ? and stripe_customer_id is distinct from ?`, [stripeCustomerId, fanId, stripeCustomerId]);
  }
}
