import { Migration } from '@mikro-orm/migrations';

/** A fan's time zone (IANA name, from the browser at sign-up): the "days" of every listening figure. */
export class Migration20261124000310_identity_time_zone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table identity.fans add column time_zone text not null default 'UTC'`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table identity.fans drop column time_zone`);
  }
}
