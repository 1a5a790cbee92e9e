import { Migration } from '@mikro-orm/migrations';

/**
 * Payouts: each office's Stripe Connect (Express) account. Stripe holds the account; this row keeps
 * which account is the office's (one per office, never two: the unique keys) and what Stripe last
 * said about it, re-read on every `account.updated`.
 */
export class Migration20261125000900_payouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists payouts`);
    this.addSql(`create table payouts.connected_accounts (
      office_id uuid primary key,
      stripe_account_id text not null unique check (stripe_account_id ~ '^acct_'),
      status text not null check (status in ('requirements_due', 'enabled')),
      details_submitted boolean not null default false,
      payouts_enabled boolean not null default false,
      transfers_active boolean not null default false,
      created_at timestamptz not null default now(),
      synced_at timestamptz not null default now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema if exists payouts cascade`);
  }
}
