import { Migration } from '@mikro-orm/migrations';

/**
 * A disconnect can be undone (issue 26, defect 5): the office reconnects through onboarding, or an
 * admin reconnects it. `reconnected_at` is when the office last got its connection back (escrow of
 * its artists waits a full window from then before it expires); `connection_changes` records who
 * disconnected or reconnected an office's Stripe account, and when.
 */
export class Migration20261201000200_payouts_reconnect extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payouts.connected_accounts add column reconnected_at timestamptz`);
    this.addSql(`create table payouts.connection_changes (
      id bigint generated always as identity primary key,
      office_id uuid not null references payouts.connected_accounts (office_id),
      action text not null check (action in ('disconnected', 'reconnected')),
      by_kind text not null check (by_kind in ('admin', 'office')),
      by_user_id uuid not null,
      stripe_account_id text not null,
      at timestamptz not null default now()
    )`);
    this.addSql(`create index connection_changes_office_idx on payouts.connection_changes (office_id, at desc)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table payouts.connection_changes`);
    this.addSql(`alter table payouts.connected_accounts drop column reconnected_at`);
  }
}
