import { Migration } from '@mikro-orm/migrations';

/**
 * Open books (issue 31): the platform's money per month, read without summing every posting.
 *
 * `ledger.monthly_totals` holds, per UTC month of the journal's `occurred_at`, journal kind and
 * account kind, the net of every posting — a cache of the postings, as `accounts.balance_cents` is
 * of each account's, moved by a statement trigger on the postings in their own transaction. So
 * `figureTotalsByMonth` reads a few hundred rows whatever the number of fans or journals, and is
 * exact to the cent at every commit (postings are append-only: nothing else ever changes them).
 *
 * Each (month, kinds) total is striped over 8 rows (`shard`: the writer's backend pid mod 8), so
 * that concurrent writers of the same kind of journal (batches of pie closes, which lock no shared
 * account) rarely wait on one row; a read sums the stripes. Rows are upserted in key order.
 * Postings already in the ledger are summed into shard 0.
 */
export class Migration20270201000100_ledger_monthly_totals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table ledger.monthly_totals (
      month date not null,
      journal_kind text collate "C" not null,
      account_kind text collate "C" not null,
      shard smallint not null,
      net_cents bigint not null default 0,
      primary key (month, journal_kind, account_kind, shard)
    )`);
    this.addSql(`create function ledger.apply_monthly_totals() returns trigger language plpgsql as $$
    begin
      -- Each journal looked up by its key (the transition table has no statistics: a join could scan every journal).
      insert into ledger.monthly_totals as t (month, journal_kind, account_kind, shard, net_cents)
      select date_trunc('month', j.occurred_at at time zone 'UTC')::date, j.kind, n.account_kind, (pg_backend_pid() % 8)::smallint, sum(n.net)
        from (select journal_id, split_part(account, ':', 1) as account_kind, sum(amount_cents) as net from new_postings group by 1, 2) n
        cross join lateral (select kind, occurred_at from ledger.journals j where j.id = n.journal_id) j
       group by 1, 2, 3
       order by 1, 2, 3
      on conflict (month, journal_kind, account_kind, shard) do update set net_cents = t.net_cents + excluded.net_cents;
      return null;
    end $$`);
    this.addSql(`create trigger postings_monthly_totals after insert on ledger.postings
      referencing new table as new_postings for each statement execute function ledger.apply_monthly_totals()`);
    this.addSql(`insert into ledger.monthly_totals (month, journal_kind, account_kind, shard, net_cents)
      select date_trunc('month', j.occurred_at at time zone 'UTC')::date, j.kind, split_part(p.account, ':', 1), 0, sum(p.amount_cents)
        from ledger.postings p join ledger.journals j on j.id = p.journal_id
       group by 1, 2, 3`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger postings_monthly_totals on ledger.postings`);
    this.addSql(`drop function ledger.apply_monthly_totals()`);
    this.addSql(`drop table ledger.monthly_totals`);
  }
}
