import { Migration } from '@mikro-orm/migrations';

/** A period's snapshot may say `own_office`: promotional money never goes to the promotion's own person's office (issue 27). */
export class Migration20261210000200_pies_own_office_reason extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table pies.period_artists drop constraint period_artists_reason_check`);
    this.addSql(`alter table pies.period_artists add constraint period_artists_reason_check
      check (reason in ('banned', 'excluded', 'own_office', 'no_listening', 'not_active', 'over_limit'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table pies.period_artists drop constraint period_artists_reason_check`);
    this.addSql(`alter table pies.period_artists add constraint period_artists_reason_check
      check (reason in ('banned', 'excluded', 'no_listening', 'not_active', 'over_limit'))`);
  }
}
