import { Migration } from '@mikro-orm/migrations';

/**
 * The country of a fan's streaming account (issue 31: an artist's funding insights show the share
 * from each listening country). Spotify's `GET /v1/me` answers it under the `user-read-private`
 * scope Pie already asks for; it is kept with the linked account and refreshed at each sign-in or
 * link. Null until the fan links again, and for providers that do not say.
 */
export class Migration20270303000100_identity_listening_country extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table identity.social_identities add column country text check (country ~ '^[A-Z]{2}$')`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table identity.social_identities drop column country`);
  }
}
