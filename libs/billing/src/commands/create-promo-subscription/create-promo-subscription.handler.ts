import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PROMO_PIE_CENTS, type CreatePromoSubscriptionRequest, type SubscriptionView } from '#pie/contracts';
import { FanContacts, type TakePromotionOutcome } from '#pie/identity';
import { accounts, InsufficientBalanceError, Ledger } from '#pie/ledger';
import { Database, recordInOutbox } from '#pie/platform';
import { InvoicePaid } from '../../events/invoice-paid.event.js';
import { SubscriptionActivated } from '../../events/subscription-activated.event.js';
import { SubscriptionStatusChanged } from '../../events/subscription-status-changed.event.js';
import { alreadyHasLivePie, promoAlreadyUsed, promoCodesGone, promoFundsExhausted, promoNeedsVerifiedAccount, promoNotEligible } from '../../domain/billing.errors.js';
import { stripeCustomerOf } from '../../domain/customers.js';
import { freePieRefusal, type FreePieRefusal } from '../../domain/free-pie.js';
import { claimTheOnlyPie } from '../../domain/one-live-pie.js';
import { JOURNAL_KINDS } from '#pie/ledger';
import { currentSubscription, lockFan, subscriptionView } from '../../domain/subscription-store.js';
import { StripeGateway } from '../../stripe/stripe-gateway.js';
import { sql } from 'kysely';
import { billingDb } from '../../db/billing-db.js';

const DAY_MS = 86_400_000;

/** Why billing refuses the free pie before asking identity (see `freePieRefusal`). */
const BILLING_REFUSALS: Record<FreePieRefusal, () => Error> = {
  used: promoAlreadyUsed,
  'not-eligible': promoNotEligible,
  'live-pie': alreadyHasLivePie,
};

/** Why identity would not hand out the promotion, as the fan is told (each a 409; the transaction rolls back). */
const REFUSALS: Record<Exclude<TakePromotionOutcome['outcome'], 'taken'>, () => Error> = {
  'not-eligible': promoNotEligible,
  used: promoAlreadyUsed,
  unverified: promoNeedsVerifiedAccount,
  'none-left': promoCodesGone,
};

/**
 * `POST /api/stripe/createPromoSubscription`: the free $5 pie, once per fan, funded from
 * `promo_pool` (no Stripe object: nothing is charged). One transaction: the promotion code taken
 * and the promotion marked used (identity: verified account, one per person), the subscription row,
 * the journal and the events, or none of them — a refusal anywhere gives the code back.
 */
export class CreatePromoSubscription extends Command<SubscriptionView> {
  constructor(
    readonly fanId: string,
    readonly request: CreatePromoSubscriptionRequest,
  ) {
    super();
  }
}

@CommandHandler(CreatePromoSubscription)
export class CreatePromoSubscriptionHandler implements ICommandHandler<CreatePromoSubscription> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(FanContacts) private readonly contacts: FanContacts,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
  ) {}

  async execute({ fanId, request }: CreatePromoSubscription): Promise<SubscriptionView> {
    try {
      return await this.database.transaction(async (tx) => {
        await lockFan(tx, fanId);
        const promotion = await this.contacts.promotionOf(fanId, tx);
        const hadFreePie = await billingDb(tx).selectFrom('billing.subscriptions').select('id').where('fan_id', '=', fanId).where('promo', '=', true).executeTakeFirst();
        const refusal = freePieRefusal({ promotion, hadFreePie: Boolean(hadFreePie), current: await currentSubscription(tx, fanId), now: new Date() });
        if (refusal) throw BILLING_REFUSALS[refusal]();
        // The code is taken now, not at sign-up: from a verified account, once per person (identity's rules).
        const taken = await this.contacts.takePromotion(fanId, tx);
        if (taken.outcome !== 'taken') throw REFUSALS[taken.outcome]();

        const now = new Date();
        const end = new Date(now.getTime() + request.pieDays * DAY_MS);
        const id = `promo_${fanId}`;
        const row = await billingDb(tx)
          .insertInto('billing.subscriptions')
          .values({
            id,
            fan_id: fanId,
            status: 'active',
            promo: true,
            amount_cents: PROMO_PIE_CENTS,
            artist_limit: request.artistLimit,
            artist_popularity: request.artistPopularity,
            exclude_non_active: request.excludeNonActive,
            pie_days: request.pieDays,
            current_period_start: now,
            current_period_end: end,
            activated_at: sql<string>`now()`,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const journal = await this.ledger.post(
          {
            kind: JOURNAL_KINDS.promoGrant,
            idempotencyKey: `promo_grant:${fanId}`,
            occurredAt: now,
            references: { fanId, subscriptionId: id },
            postings: [
              { account: accounts.promoPool, amountCents: -PROMO_PIE_CENTS },
              { account: accounts.fanWallet(fanId), amountCents: PROMO_PIE_CENTS },
            ],
          },
          { em: tx },
        );
        // Last, so a refusal above leaves the fan's open checkouts alone.
        const customer = await stripeCustomerOf(tx, fanId);
        if (customer) await claimTheOnlyPie(this.gateway.stripe, customer);
        const settings = { amountCents: PROMO_PIE_CENTS, ...request };
        recordInOutbox(
          tx,
          SubscriptionStatusChanged.create({ fanId, subscriptionId: id, status: 'active', previousStatus: null, cancelAtPeriodEnd: false }),
          SubscriptionActivated.create({ fanId, subscriptionId: id, pieSettings: settings, currentPeriodStart: now.toISOString(), currentPeriodEnd: end.toISOString(), promo: true }),
          InvoicePaid.create({
            fanId,
            subscriptionId: id,
            invoiceId: id,
            periodStart: now.toISOString(),
            periodEnd: end.toISOString(),
            grossCents: PROMO_PIE_CENTS,
            walletCreditCents: PROMO_PIE_CENTS,
            journalId: journal.journalId,
          }),
        );
        await tx.flush();
        return subscriptionView(row);
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw promoFundsExhausted();
      throw error;
    }
  }
}
