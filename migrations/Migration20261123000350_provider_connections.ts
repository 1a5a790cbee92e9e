import { Migration } from '@mikro-orm/migrations';

/** A linked provider whose access the provider withdrew is "broken" until the fan connects again. */
export class Migration20261123000350_provider_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table identity.social_identities add column broken_at timestamptz, add column broken_reason text`);
    this.addSql(`create index social_identities_connected_idx on identity.social_identities (provider, subject_id) where subject_kind = 'fan' and broken_at is null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table identity.social_identities drop column broken_at, drop column broken_reason`);
  }
}
