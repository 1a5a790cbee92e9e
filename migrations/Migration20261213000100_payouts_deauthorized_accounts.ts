import { Migration } from '@mikro-orm/migrations';

/**
 * An office's Stripe account that removed Pie's access (`account.application.deauthorized`, issue 26
 * defects 5 and 9) can never be reached again: the way back is a new Express account.
 * - `connected_accounts.deauthorized_at`: the office's current account deauthorized Pie (cleared
 *   when a new account replaces it).
 * - `deauthorized_accounts`: every account that did, kept for history and the provider check: its
 *   office, what the ledger held for it when it went (`left_with_account_cents`, set once the
 *   deauthorization is settled) and the account that replaced it.
 * - `transfers.stripe_account_id` / `payouts.stripe_account_id`: the account each transfer was
 *   booked for and each payout was made on (an office may have had several); existing rows had
 *   the office's only account.
 * - `connection_changes`: also `deauthorized` (by Stripe: no user) and `new_account` (with the
 *   account it replaced).
 */
export class Migration20261213000100_payouts_deauthorized_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payouts.connected_accounts add column deauthorized_at timestamptz`);
    this.addSql(`create table payouts.deauthorized_accounts (
      stripe_account_id text primary key check (stripe_account_id ~ '^acct_'),
      office_id uuid not null references payouts.connected_accounts (office_id),
      deauthorized_at timestamptz not null default now(),
      left_with_account_cents bigint check (left_with_account_cents >= 0),
      settled_at timestamptz,
      replaced_by text,
      replaced_at timestamptz,
      constraint deauthorized_accounts_settled check ((settled_at is null) = (left_with_account_cents is null))
    )`);
    this.addSql(`create index deauthorized_accounts_office_idx on payouts.deauthorized_accounts (office_id)`);

    this.addSql(`alter table payouts.transfers add column stripe_account_id text`);
    this.addSql(`update payouts.transfers t set stripe_account_id = c.stripe_account_id from payouts.connected_accounts c where c.office_id = t.office_id`);
    this.addSql(`alter table payouts.transfers alter column stripe_account_id set not null`);
    this.addSql(`alter table payouts.payouts add column stripe_account_id text`);
    this.addSql(`update payouts.payouts p set stripe_account_id = c.stripe_account_id from payouts.connected_accounts c where c.office_id = p.office_id`);
    this.addSql(`alter table payouts.payouts alter column stripe_account_id set not null`);

    this.addSql(`alter table payouts.connection_changes drop constraint connection_changes_action_check`);
    this.addSql(`alter table payouts.connection_changes add constraint connection_changes_action_check check (action in ('disconnected', 'reconnected', 'deauthorized', 'new_account'))`);
    this.addSql(`alter table payouts.connection_changes drop constraint connection_changes_by_kind_check`);
    this.addSql(`alter table payouts.connection_changes add constraint connection_changes_by_kind_check check (by_kind in ('admin', 'office', 'stripe'))`);
    this.addSql(`alter table payouts.connection_changes alter column by_user_id drop not null`);
    this.addSql(`alter table payouts.connection_changes add constraint connection_changes_by_user check ((by_kind = 'stripe') = (by_user_id is null))`);
    this.addSql(`alter table payouts.connection_changes add column previous_stripe_account_id text`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table payouts.connection_changes drop column previous_stripe_account_id`);
    this.addSql(`alter table payouts.connection_changes drop constraint connection_changes_by_user`);
    this.addSql(`delete from payouts.connection_changes where by_kind = 'stripe' or action in ('deauthorized', 'new_account')`);
    this.addSql(`alter table payouts.connection_changes alter column by_user_id set not null`);
    this.addSql(`alter table payouts.connection_changes drop constraint connection_changes_by_kind_check`);
    this.addSql(`alter table payouts.connection_changes add constraint connection_changes_by_kind_check check (by_kind in ('admin', 'office'))`);
    this.addSql(`alter table payouts.connection_changes drop constraint connection_changes_action_check`);
    this.addSql(`alter table payouts.connection_changes add constraint connection_changes_action_check check (action in ('disconnected', 'reconnected'))`);
    this.addSql(`alter table payouts.payouts drop column stripe_account_id`);
    this.addSql(`alter table payouts.transfers drop column stripe_account_id`);
    this.addSql(`drop table payouts.deauthorized_accounts`);
    this.addSql(`alter table payouts.connected_accounts drop column deauthorized_at`);
  }
}
