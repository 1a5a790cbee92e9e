import { Inject, Injectable } from '@nestjs/common';
import { FanContacts } from '#pie/identity';
import { Database } from '#pie/platform';
import { StripeGateway } from '../stripe/stripe-gateway.js';
import { stripeCustomerOf } from './customers.js';
import { billingDb } from '../db/billing-db.js';

/** The fan's Stripe customer, created once (Stripe's idempotency key makes two racing clicks one customer). */
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
      await billingDb(tx).insertInto('billing.customers').values({ fan_id: fanId, stripe_customer_id: customer.id }).onConflict((oc) => oc.column('fan_id').doNothing()).execute();
      const id = (await stripeCustomerOf(tx, fanId))!;
      await this.contacts.recordStripeCustomer(fanId, id, tx);
      return id;
    });
  }
}
