import { Migration } from '@mikro-orm/migrations';

/**
 * The period close writes ~31 postings and ~40 snapshot rows per period; at 100,000 periods a
 * month that is 3 and 4 million rows, and the per-row work around them cost more than the rows
 * (measured on a 10,000-period close: the row-level foreign keys doubled the postings insert; the
 * two indexes below cost as much as the table itself). Same guarantees, checked once per statement:
 *
 * - `ledger.postings`: the foreign keys to accounts and journals fire a lookup per posting. The
 *   posting statement's own trigger now checks the same thing once per statement: every account it
 *   names exists (it locks them all anyway, to move the balances) and every journal exists (it
 *   reads each journal's postings anyway, to check the balance). Accounts and journals are never
 *   deleted (journals were append-only already; accounts now refuse deletion too), so nothing can
 *   leave a posting dangling afterwards.
 * - `postings_account_idx` was (account, journal_id): a random uuid under every account, so each
 *   insert split pages all over a large index. (account) alone is deduplicated by Postgres into
 *   one compact posting list per account, and lookups by account are what it serves.
 * - `pies.period_artists`: the snapshot rows are written only by the close, in the transaction
 *   that holds the period's row lock, so the per-row foreign key to the period proved nothing new;
 *   periods now refuse deletion (they are part of the books: journals name them). The partial
 *   index on artist_id served no query (every read goes by period or aggregates all periods).
 */
export class Migration20261127000100_close_write_path extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table ledger.postings drop constraint postings_account_fkey`);
    this.addSql(`alter table ledger.postings drop constraint postings_journal_id_fkey`);
    this.addSql(`drop index ledger.postings_account_idx`);
    this.addSql(`create index postings_account_idx on ledger.postings (account)`);

    this.addSql(`create or replace function ledger.apply_postings() returns trigger language plpgsql as $$
    declare
      named bigint;
      locked bigint;
      missing text;
    begin
      perform 1 from ledger.accounts a where a.code in (select account from new_postings) order by a.code for no key update;
      get diagnostics locked = row_count;
      select count(distinct account) into named from new_postings;
      if locked <> named then
        select n.account into missing from new_postings n where not exists (select 1 from ledger.accounts a where a.code = n.account) order by n.account limit 1;
        raise exception 'ledger posting names account "%", which does not exist', missing
          using errcode = '23503', constraint = 'postings_account_exists';
      end if;
      update ledger.accounts a set balance_cents = a.balance_cents + s.total
        from (select account, sum(amount_cents) as total from new_postings group by account) s
       where a.code = s.account and s.total <> 0;
      return null;
    end $$`);

    this.addSql(`create or replace function ledger.assert_posted_journals_balanced() returns trigger language plpgsql as $$
    declare
      bad record;
      orphan uuid;
    begin
      select t.journal_id into orphan
        from (select distinct journal_id from new_postings) t
       where not exists (select 1 from ledger.journals j where j.id = t.journal_id)
       limit 1;
      if found then
        raise exception 'ledger posting names journal %, which does not exist', orphan
          using errcode = '23503', constraint = 'postings_journal_exists';
      end if;
      -- Each touched journal's postings, read through the journal index (the transition table
      -- has no statistics; a join could scan every posting).
      select t.journal_id, s.total, s.legs into bad
        from (select distinct journal_id from new_postings) t
        cross join lateral (select coalesce(sum(p.amount_cents), 0) as total, count(*) as legs from ledger.postings p where p.journal_id = t.journal_id) s
       where s.total <> 0 or s.legs < 2
       order by t.journal_id
       limit 1;
      if not found then
        return null;
      end if;
      if bad.total <> 0 then
        raise exception 'ledger journal % does not balance: its postings sum to % cents', bad.journal_id, bad.total
          using errcode = '23514', constraint = 'journal_balanced';
      end if;
      raise exception 'ledger journal % has % posting(s); a journal needs at least two', bad.journal_id, bad.legs
        using errcode = '23514', constraint = 'journal_balanced';
    end $$`);

    this.addSql(`create trigger accounts_never_deleted before delete on ledger.accounts for each statement execute function ledger.refuse_change()`);
    this.addSql(`create trigger accounts_no_truncate before truncate on ledger.accounts for each statement execute function ledger.refuse_change()`);

    this.addSql(`alter table pies.period_artists drop constraint period_artists_period_id_fkey`);
    this.addSql(`drop index pies.period_artists_artist_idx`);
    this.addSql(`create function pies.refuse_period_deletion() returns trigger language plpgsql as $$
    begin
      raise exception 'pie periods are part of the books and are never deleted' using errcode = '55000';
    end $$`);
    this.addSql(`create trigger periods_never_deleted before delete or truncate on pies.periods for each statement execute function pies.refuse_period_deletion()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger periods_never_deleted on pies.periods`);
    this.addSql(`drop function pies.refuse_period_deletion()`);
    this.addSql(`create index period_artists_artist_idx on pies.period_artists (artist_id) where share_cents > 0`);
    this.addSql(`alter table pies.period_artists add constraint period_artists_period_id_fkey foreign key (period_id) references pies.periods (id) on delete cascade`);
    this.addSql(`drop trigger accounts_no_truncate on ledger.accounts`);
    this.addSql(`drop trigger accounts_never_deleted on ledger.accounts`);
    this.addSql(`drop index ledger.postings_account_idx`);
    this.addSql(`create index postings_account_idx on ledger.postings (account, journal_id)`);
    this.addSql(`alter table ledger.postings add constraint postings_journal_id_fkey foreign key (journal_id) references ledger.journals (id)`);
    this.addSql(`alter table ledger.postings add constraint postings_account_fkey foreign key (account) references ledger.accounts (code)`);
  }
}
