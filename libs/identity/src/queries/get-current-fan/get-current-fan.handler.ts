import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FanUser } from '#pie/contracts';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { Database, preparedQuery } from '#pie/platform';
import { identityDb } from '../../db/identity-db.js';
import { notSignedIn } from '../../domain/identity.errors.js';
import { GetCurrentFan } from './get-current-fan.query.js';

/** `GET /api/user`'s read: one prepared statement, compiled once (the call every screen makes first). */
const CURRENT_FAN = preparedQuery((em, values: { fanId: string }) =>
  identityDb(em)
    .selectFrom('identity.fans as f')
    .select((eb) => [
      'f.id',
      'f.email',
      'f.first_name',
      'f.last_name',
      sql<boolean>`${eb.ref('f.password_hash')} is not null`.as('has_password'),
      sql<boolean>`${eb.ref('f.email_verified_at')} is not null`.as('email_verified'),
      'f.promo_eligible',
      'f.used_promotion_code',
      'f.stripe_customer_id',
      'f.time_zone',
      'f.created_at',
      jsonArrayFrom(
        eb
          .selectFrom('identity.social_identities as s')
          .select(['s.provider', 's.email', 's.display_name'])
          .where('s.subject_kind', '=', 'fan')
          .whereRef('s.subject_id', '=', 'f.id')
          .orderBy('s.provider'),
      ).as('linked_accounts'),
    ])
    .where('f.id', '=', values.fanId)
    .where('f.deleted_at', 'is', null),
);

/**
 * `GET /api/user`, the call every screen makes first: the fan and their linked sign-ins in one
 * query, read as plain rows (no entity to track: nothing here is changed). The same fields as
 * `Fan.toUser`, which the screens that change the fan still use.
 */
@QueryHandler(GetCurrentFan)
export class GetCurrentFanHandler implements IQueryHandler<GetCurrentFan> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetCurrentFan): Promise<FanUser> {
    const [fan] = await CURRENT_FAN(this.database.em(), { fanId });
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
