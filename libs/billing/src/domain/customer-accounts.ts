import { Inject, Injectable } from '@nestjs/common';
import { FanContacts } from '#pie/identity';
import { Database, recordInOutbox } from '#pie/platform';
import { StripeCustomerCreated } from '../events/stripe-customer-created.event.js';
import { StripeGateway } from '../stripe/stripe-gateway.js';
import { stripeCustomerOf } from './customers.js';
import { billingDb } from '../db/billing-db.js';

/**
 * The fan's Stripe customer, created once (Stripe's idempotency key makes two racing clicks one
 * customer). The call that records it announces it (`billing.stripe-customer-created.v1`), for
 * identity's copy on the fan.
 */
@Injectable()
export class CustomerAccounts {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(FanContacts) private readonly contacts: FanContacts,
  ) {}

  async ensure(fanId: string): Promise<string> {
    const known = await stripeCustomerOf(this.database.em(), fanId);
    if (known) return known;
    const contact = await this.contacts.contactOf(fanId);
    const customer = await this.gateway.stripe.customers.create(
      { email: contact?.email, name: contact?.firstName, metadata: { fan_id: fanId } },
      { idempotencyKey: `pie-customer-${fanId}` },
    );
    return this.database.transaction(async (tx) => {
      const recorded = await billingDb(tx)
        .insertInto('billing.customers')
        .values({ fan_id: fanId, stripe_customer_id: customer.id })
        .onConflict((oc) => oc.column('fan_id').doNothing())
        .returning('stripe_customer_id')
        .executeTakeFirst();
      // Lost a race (another click, or a webhook adopting the customer by its metadata): that row
      // stands, and is announced again — identity's copy is idempotent.
      const id = recorded?.stripe_customer_id ?? (await stripeCustomerOf(tx, fanId))!;
      recordInOutbox(tx, StripeCustomerCreated.create({ fanId, stripeCustomerId: id }));
      return id;
    });
  }
}
