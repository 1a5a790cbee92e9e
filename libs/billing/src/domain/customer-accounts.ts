import { Inject, Injectable } from '@nestjs/common';
import { FanContacts } from '#pie/identity';
import { Database } from '#pie/platform';
import { StripeGateway } from '../stripe/stripe-gateway.js';
import { recordCustomer, stripeCustomerOf } from './customers.js';

/**
 * The fan's Stripe customer, created once (Stripe's idempotency key makes two racing clicks one
 * customer). The call that records it announces it (`billing.stripe-customer-created.v1`, through
 * `recordCustomer`), for identity's copy on the fan.
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
      if (await recordCustomer(tx, fanId, customer.id)) return customer.id;
      // Lost a race (another click, or a webhook adopting the customer by its metadata): that row
      // stands, announced by whoever recorded it.
      const recorded = await stripeCustomerOf(tx, fanId);
      if (!recorded) throw new Error(`Stripe customer ${customer.id} is already recorded for another fan than ${fanId}`);
      return recorded;
    });
  }
}
