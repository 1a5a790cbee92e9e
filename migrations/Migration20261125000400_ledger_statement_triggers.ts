import { Migration } from '@mikro-orm/migrations';

/**
 * The ledger's guarantees, checked once per statement instead of once per posting (batch closes
 * post hundreds of journals of ~40 postings each in one statement; per-row triggers ran a query per
 * posting at commit and an account update per posting):
 * - each posting statement checks, for every journal it touched, that the journal's postings sum to
 *   zero and number two or more (immediately, at the end of the statement: all of a journal's
 *   postings go in one statement);
 * - each journal is still checked at commit (deferred, once per journal), so a journal left
 *   without postings cannot commit;
 * - each posting statement moves the cached balances once per account (the net of the statement),
 *   locking the account rows in code order first so concurrent writers never deadlock; the
 *   `accounts_balance_not_negative` check refuses a wallet going below zero as before.
 * Append-only and unique idempotency keys are unchanged.
 *
 * Accounts: every batch rewrites the balance of thousands of hot rows (artists' escrow). With full
 * pages those updates cannot be HOT, so each leaves a dead row and new index entries behind and
 * every later lookup by code walks more of them (a 100,000-period bench left 1.5 million dead rows
 * and 210 MB, never vacuumed). Half-empty pages let the updates stay on their page (HOT, no index
 * entry) and a threshold of its own makes autovacuum visit the table long before the default 20%.
 */
export class Migration20261125000400_ledger_statement_triggers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop trigger journal_balanced_on_posting on ledger.postings`);
    this.addSql(`drop trigger postings_apply on ledger.postings`);

    this.addSql(`create function ledger.assert_posted_journals_balanced() returns trigger language plpgsql as $$
    declare
      bad record;
    begin
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
    this.addSql(`create trigger postings_balanced after insert on ledger.postings
      referencing new table as new_postings for each statement execute function ledger.assert_posted_journals_balanced()`);

    this.addSql(`create function ledger.apply_postings() returns trigger language plpgsql as $$
    begin
      perform 1 from ledger.accounts a where a.code in (select account from new_postings) order by a.code for no key update;
      update ledger.accounts a set balance_cents = a.balance_cents + s.total
        from (select account, sum(amount_cents) as total from new_postings group by account) s
       where a.code = s.account and s.total <> 0;
      return null;
    end $$`);
    this.addSql(`create trigger postings_apply_statement after insert on ledger.postings
      referencing new table as new_postings for each statement execute function ledger.apply_postings()`);
    this.addSql(`drop function ledger.apply_posting()`);
    this.addSql(`alter table ledger.accounts set (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000)`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table ledger.accounts reset (fillfactor, autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold)`);
    this.addSql(`drop trigger postings_apply_statement on ledger.postings`);
    this.addSql(`drop trigger postings_balanced on ledger.postings`);
    this.addSql(`drop function ledger.apply_postings()`);
    this.addSql(`drop function ledger.assert_posted_journals_balanced()`);
    this.addSql(`create function ledger.apply_posting() returns trigger language plpgsql as $$
    begin
      update ledger.accounts set balance_cents = balance_cents + new.amount_cents where code = new.account;
      return new;
    end $$`);
    this.addSql(`create trigger postings_apply after insert on ledger.postings for each row execute function ledger.apply_posting()`);
    this.addSql(`create constraint trigger journal_balanced_on_posting after insert on ledger.postings
      deferrable initially deferred for each row execute function ledger.assert_journal_balanced()`);
  }
}
