import { Migration } from '@mikro-orm/migrations';

/**
 * Billing (DESIGN §3, §5): the fan's Stripe side. Stripe is the source of truth for customers,
 * subscriptions and invoices; these tables are what Pie needs to find and show them, plus the
 * webhook intake (each Stripe event id once) and the per-invoice record of the journal it posted.
 */
export class Migration20261124000510_billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists billing`);

    this.addSql(`create table billing.customers (
      fan_id uuid primary key,
      stripe_customer_id text not null unique,
      created_at timestamptz not null default now()
    )`);

    // id: the Stripe subscription id, or promo_<fan id> for the free promotional pie (no Stripe object).
    this.addSql(`create table billing.subscriptions (
      id text primary key,
      fan_id uuid not null,
      stripe_customer_id text,
      status text not null check (status in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'paused')),
      promo boolean not null default false,
      pie_id uuid,
      amount_cents bigint not null check (amount_cents between 100 and 100000),
      artist_limit smallint not null check (artist_limit between 1 and 100),
      artist_popularity smallint not null check (artist_popularity between 0 and 100),
      exclude_non_active boolean not null,
      pie_days smallint not null check (pie_days between 7 and 90),
      current_period_start timestamptz,
      current_period_end timestamptz,
      cancel_at_period_end boolean not null default false,
      activated_at timestamptz,
      canceled_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create index subscriptions_fan_idx on billing.subscriptions (fan_id, created_at desc)`);
    // One free pie per fan, ever.
    this.addSql(`create unique index subscriptions_one_promo_per_fan on billing.subscriptions (fan_id) where promo`);

    // Webhook intake: the unique id is what makes a redelivered event a no-op.
    this.addSql(`create table billing.stripe_events (
      id text primary key,
      type text not null,
      object_id text,
      stripe_created_at timestamptz not null,
      received_at timestamptz not null default now()
    )`);

    this.addSql(`create table billing.invoices (
      id text primary key,
      fan_id uuid not null,
      subscription_id text not null,
      charge_id text,
      gross_cents bigint not null check (gross_cents >= 0),
      processor_fee_cents bigint not null check (processor_fee_cents >= 0),
      platform_fee_cents bigint not null check (platform_fee_cents >= 0),
      wallet_credit_cents bigint not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      journal_id uuid not null,
      paid_at timestamptz not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index invoices_fan_idx on billing.invoices (fan_id, paid_at desc)`);
    this.addSql(`create index invoices_charge_idx on billing.invoices (charge_id)`);

    // One "fix your card" e-mail per failed attempt of an invoice, however often the event arrives.
    this.addSql(`create table billing.payment_failure_notices (
      invoice_id text not null,
      attempt_count integer not null,
      fan_id uuid not null,
      sent_at timestamptz not null default now(),
      primary key (invoice_id, attempt_count)
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema if exists billing cascade`);
  }
}
