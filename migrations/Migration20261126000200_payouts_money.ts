import { Migration } from '@mikro-orm/migrations';

/**
 * Money leaving Pie for an office (DESIGN §5, §8): the transfers from the platform to its Stripe
 * account and its payouts to the bank. The ledger holds the money; these rows hold Stripe's side
 * (its ids, the idempotency key each call is made with, the status Stripe last reported).
 */
export class Migration20261126000200_payouts_money extends Migration {
  override async up(): Promise<void> {
    // An admin may disconnect an office: transfers stop, the money stays in its earnings.
    this.addSql(`alter table payouts.connected_accounts add column disconnected_at timestamptz`);
    this.addSql(`create table payouts.transfers (
      id uuid primary key,
      office_id uuid not null,
      amount_cents bigint not null check (amount_cents > 0),
      fee_cents bigint not null default 0 check (fee_cents >= 0),
      status text not null check (status in ('pending', 'made', 'failed')),
      stripe_transfer_id text unique check (stripe_transfer_id ~ '^tr_'),
      failure_message text,
      attempts int not null default 0,
      created_at timestamptz not null default now(),
      made_at timestamptz
    )`);
    // At most one transfer in flight per office: a second can only start once the first is made.
    this.addSql(`create unique index transfers_one_pending_per_office on payouts.transfers (office_id) where status = 'pending'`);
    this.addSql(`create index transfers_office_created on payouts.transfers (office_id, created_at desc)`);
    this.addSql(`create table payouts.payouts (
      id uuid primary key,
      office_id uuid not null,
      amount_cents bigint not null check (amount_cents > 0),
      status text not null check (status in ('creating', 'pending', 'in_transit', 'paid', 'failed', 'canceled')),
      stripe_payout_id text unique check (stripe_payout_id ~ '^po_'),
      arrival_date timestamptz,
      failure_code text,
      failure_message text,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    // One payout being created per office at a time: 50 concurrent clicks make one.
    this.addSql(`create unique index payouts_one_creating_per_office on payouts.payouts (office_id) where status = 'creating'`);
    this.addSql(`create index payouts_office_created on payouts.payouts (office_id, created_at desc)`);
    this.addSql(`create table payouts.give_backs (
      id uuid primary key,
      office_id uuid not null,
      amount_cents bigint not null check (amount_cents > 0),
      share_percent int check (share_percent between 1 and 100),
      given_by uuid not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index give_backs_office_created on payouts.give_backs (office_id, created_at desc)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table payouts.give_backs`);
    this.addSql(`drop table payouts.payouts`);
    this.addSql(`drop table payouts.transfers`);
    this.addSql(`alter table payouts.connected_accounts drop column disconnected_at`);
  }
}
