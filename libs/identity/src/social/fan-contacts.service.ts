import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Database, type AppConfig, type EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';
import { Fan } from '../domain/fan.entity.js';
import { PromotionFingerprinter, takePromotion, type TakePromotionOutcome } from '../domain/promotions.js';

export interface FanContact {
  email: string;
  firstName: string;
}

/** Where other modules may write to a fan: nothing for deleted fans or fans without a real address. */
@Injectable()
export class FanContacts {
  private readonly fingerprinter: PromotionFingerprinter;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.fingerprinter = new PromotionFingerprinter(config.PROMOTION_HASH_SECRET);
  }

  async contactOf(fanId: string, em: EntityManager = this.database.em()): Promise<FanContact | null> {
    const fan = await em.findOne(Fan, { id: fanId, deletedAt: null });
    if (!fan || fan.email.endsWith('.invalid')) return null;
    return { email: fan.email, firstName: fan.firstName };
  }

  /** Whether the fan deleted their account (the row stays, anonymised): Pie holds no address for them any more. */
  async isDeleted(fanId: string, em: EntityManager = this.database.em()): Promise<boolean> {
    const row = await identityDb(em).selectFrom('identity.fans').select('deleted_at').where('id', '=', fanId).executeTakeFirst();
    return row ? row.deleted_at !== null : false;
  }

  /** The fan's promotion flags (spec §3): flagged eligible at sign-up, and whether the free pie was used. */
  async promotionOf(fanId: string, em: EntityManager = this.database.em()): Promise<{ eligible: boolean; used: boolean } | null> {
    const fan = await em.findOne(Fan, { id: fanId, deletedAt: null });
    return fan ? { eligible: fan.promoEligible, used: fan.usedPromotionCode } : null;
  }

  /**
   * The free pie starts, in the caller's transaction: a verified account, once per person (kept
   * fingerprints), one code from the pool, the promotion marked used. Anything but `taken` must
   * roll the caller's transaction back (libs/identity/README.md, "Promotion").
   *
   * A command of identity's (its own SQL, `domain/promotions.ts`) run in billing's transaction on
   * purpose, not an event: the code taken and the free pie's subscription and journal must commit
   * together or not at all. Asynchronously, a fan could get the pie while the pool is empty or the
   * person already had one (the refusal comes too late to stop it), or lose a code to a pie whose
   * start failed; and the refusal is the answer billing gives the fan.
   */
  async takePromotion(fanId: string, em: EntityManager): Promise<TakePromotionOutcome> {
    return takePromotion(em, this.fingerprinter, fanId);
  }
}
