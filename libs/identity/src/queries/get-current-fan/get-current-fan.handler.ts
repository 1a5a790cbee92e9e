import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FanUser, LinkedAccount } from '#pie/contracts';
import { Database, executePrepared } from '#pie/platform';
import { notSignedIn } from '../../domain/identity.errors.js';
import { GetCurrentFan } from './get-current-fan.query.js';

interface CurrentFanRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  has_password: boolean;
  email_verified: boolean;
  promo_eligible: boolean;
  used_promotion_code: boolean;
  stripe_customer_id: string | null;
  time_zone: string;
  created_at: Date;
  linked_accounts: LinkedAccount[];
}

/**
 * `GET /api/user`, the call every screen makes first: the fan and their linked sign-ins in one
 * query, read as plain rows (no entity to track: nothing here is changed). The same fields as
 * `Fan.toUser`, which the screens that change the fan still use.
 */
@QueryHandler(GetCurrentFan)
export class GetCurrentFanHandler implements IQueryHandler<GetCurrentFan> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetCurrentFan): Promise<FanUser> {
    const [fan] = await executePrepared<CurrentFanRow>(
      this.database.em(),
      `select f.id, f.email, f.first_name, f.last_name, f.password_hash is not null as has_password, f.email_verified_at is not null as email_verified,
              f.promo_eligible, f.used_promotion_code, f.stripe_customer_id, f.time_zone, f.created_at,
              coalesce((select json_agg(json_build_object('provider', s.provider, 'email', s.email, 'display_name', s.display_name) order by s.provider)
                          from identity.social_identities s where s.subject_kind = 'fan' and s.subject_id = f.id), '[]') as linked_accounts
         from identity.fans f where f.id = $1 and f.deleted_at is null`,
      [fanId],
    );
    if (!fan) throw notSignedIn();
    return {
      _id: fan.id,
      linked_accounts: fan.linked_accounts,
      has_password: fan.has_password,
      email: fan.email,
      first_name: fan.first_name,
      last_name: fan.last_name,
      email_verified: fan.email_verified,
      promo_eligible: fan.promo_eligible,
      used_promotion_code: fan.used_promotion_code,
      stripe_customer_id: fan.stripe_customer_id,
      time_zone: fan.time_zone,
      created_at: new Date(fan.created_at).toISOString(),
    };
  }
}
