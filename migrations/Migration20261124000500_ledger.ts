import { Migration } from '@mikro-orm/migrations';

/**
 * The ledger (DESIGN §5): accounts, journals and postings in integer cents. Postgres itself keeps
 * the books honest, whatever the TypeScript does:
 * - a journal whose postings do not sum to zero (or that has fewer than two) cannot commit
 *   (deferred constraint triggers check it at commit time);
 * - an idempotency key exists once (unique);
 * - journals and postings are append-only (update/delete refused): a mistake is corrected by a
 *   reversing journal;
 * - each account's cached balance is moved by a trigger in the posting's own transaction, and an
 *   account that may not go negative cannot (check constraint).
 */
export class Migration20261124000500_ledger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists ledger`);

    // Account code = kind, or kind:<owner uuid> for per-owner accounts (fan_wallet:<fan>).
    this.addSql(`create table ledger.accounts (
      code text primary key,
      kind text not null check (kind in ('stripe_clearing', 'processor_fees', 'platform_fees', 'promo_pool', 'refunds',
        'fan_wallet', 'artist_escrow', 'office_earnings', 'office_connected')),
      owner_id uuid,
      allow_negative boolean not null,
      balance_cents bigint not null default 0,
      created_at timestamptz not null default now(),
      constraint accounts_owner_matches_kind check (
        (owner_id is null) = (kind in ('stripe_clearing', 'processor_fees', 'platform_fees', 'promo_pool', 'refunds'))),
      constraint accounts_code_matches check (code = kind || coalesce(':' || owner_id::text, '')),
      constraint accounts_balance_not_negative check (allow_negative or balance_cents >= 0)
    )`);
    this.addSql(`create index accounts_kind_idx on ledger.accounts (kind)`);

    this.addSql(`create table ledger.journals (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind ~ '^[a-z][a-z0-9_]*$'),
      idempotency_key text not null check (length(idempotency_key) between 1 and 300),
      occurred_at timestamptz not null,
      recorded_at timestamptz not null default now(),
      "references" jsonb not null default '{}'::jsonb check (jsonb_typeof("references") = 'object'),
      constraint journals_idempotency_key_unique unique (idempotency_key)
    )`);
    this.addSql(`create index journals_references_idx on ledger.journals using gin ("references" jsonb_path_ops)`);
    this.addSql(`create index journals_kind_occurred_idx on ledger.journals (kind, occurred_at)`);

    this.addSql(`create table ledger.postings (
      id bigint generated always as identity primary key,
      journal_id uuid not null references ledger.journals (id),
      account text not null references ledger.accounts (code),
      amount_cents bigint not null check (amount_cents <> 0)
    )`);
    this.addSql(`create index postings_journal_idx on ledger.postings (journal_id)`);
    this.addSql(`create index postings_account_idx on ledger.postings (account, journal_id)`);

    // Checked at commit: the journal's postings sum to zero and there are at least two of them.
    this.addSql(`create function ledger.assert_journal_balanced() returns trigger language plpgsql as $$
    declare
      checked_id uuid;
      total numeric;
      legs integer;
    begin
      if tg_table_name = 'journals' then
        checked_id := new.id;
      else
        checked_id := new.journal_id;
      end if;
      select coalesce(sum(amount_cents), 0), count(*) into total, legs from ledger.postings where journal_id = checked_id;
      if total <> 0 then
        raise exception 'ledger journal % does not balance: its postings sum to % cents', checked_id, total
          using errcode = '23514', constraint = 'journal_balanced';
      end if;
      if legs < 2 then
        raise exception 'ledger journal % has % posting(s); a journal needs at least two', checked_id, legs
          using errcode = '23514', constraint = 'journal_balanced';
      end if;
      return null;
    end $$`);
    this.addSql(`create constraint trigger journal_balanced_on_journal after insert on ledger.journals
      deferrable initially deferred for each row execute function ledger.assert_journal_balanced()`);
    this.addSql(`create constraint trigger journal_balanced_on_posting after insert on ledger.postings
      deferrable initially deferred for each row execute function ledger.assert_journal_balanced()`);

    // The cached balance moves with each posting, in the same transaction.
    this.addSql(`create function ledger.apply_posting() returns trigger language plpgsql as $$
    begin
      update ledger.accounts set balance_cents = balance_cents + new.amount_cents where code = new.account;
      return new;
    end $$`);
    this.addSql(`create trigger postings_apply after insert on ledger.postings for each row execute function ledger.apply_posting()`);

    // Append-only books.
    this.addSql(`create function ledger.refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger % are append-only: post a reversing journal instead', tg_table_name using errcode = '42501';
    end $$`);
    this.addSql(`create trigger journals_append_only before update or delete on ledger.journals for each row execute function ledger.refuse_change()`);
    this.addSql(`create trigger postings_append_only before update or delete on ledger.postings for each row execute function ledger.refuse_change()`);
    this.addSql(`create trigger journals_no_truncate before truncate on ledger.journals for each statement execute function ledger.refuse_change()`);
    this.addSql(`create trigger postings_no_truncate before truncate on ledger.postings for each statement execute function ledger.refuse_change()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema if exists ledger cascade`);
  }
}
