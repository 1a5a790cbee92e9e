import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SubscriptionView } from '#pie/contracts';
import { Database } from '#pie/platform';
import { currentSubscription, subscriptionView } from '../../domain/subscription-store.js';

/** `GET /api/stripe/activeSubscription`: the fan's current subscription (`active` says whether it counts, spec §4), or null. */
export class GetActiveSubscription extends Query<SubscriptionView | null> {
  constructor(readonly fanId: string) {
    super();
  }
}

@QueryHandler(GetActiveSubscription)
export class GetActiveSubscriptionHandler implements IQueryHandler<GetActiveSubscription> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetActiveSubscription): Promise<SubscriptionView | null> {
    const row = await currentSubscription(this.database.em(), fanId);
    return row ? subscriptionView(row) : null;
  }
}
