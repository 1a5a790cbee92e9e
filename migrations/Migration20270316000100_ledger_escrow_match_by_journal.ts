import { Migration } from '@mikro-orm/migrations';

/**
 * The deferred check that a journal's escrow lines say whose money its escrow postings move
 * (`escrow_lines_match`, on every journal that names no single fan: payments' refunds, releases,
 * expiries) found its postings through `postings_account_idx`: `account like 'artist_escrow:%'` is a
 * range of that index, and with the journal as its second column the planner took it over
 * `postings_journal_idx` — a scan of every escrow posting of the ledger per journal (373 ms for one
 * release on a ledger of 630,000 escrow postings, seen while profiling bench:close). The journal's
 * postings are now found by its id alone and filtered by their account's prefix, which no index
 * can serve, so the journal index is the only way in; and the function is planned per call, like
 * the other triggers that read the statement's values (Migration20270310000100).
 */
export class Migration20270316000100_ledger_escrow_match_by_journal extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function ledger.assert_escrow_lines_match() returns trigger language plpgsql as $$
    declare
      bad record;
    begin
      select coalesce(p.account, l.account) as account, coalesce(p.total, 0) as posted, coalesce(l.total, 0) as lined into bad
        from (select account, sum(amount_cents) as total from ledger.postings
               where journal_id = new.id and left(account, 14) = 'artist_escrow:' group by account) p
        full join (select account, sum(amount_cents) as total from ledger.escrow_lines where journal_id = new.id group by account) l
          on l.account = p.account
       where coalesce(p.total, 0) <> coalesce(l.total, 0)
       limit 1;
      if found then
        raise exception 'ledger journal % moves % cents on %, but its escrow lines say whose money % cents are', new.id, bad.posted, bad.account, bad.lined
          using errcode = '23514', constraint = 'escrow_lines_match';
      end if;
      return null;
    end $$`);
    this.addSql(`alter function ledger.assert_escrow_lines_match() set plan_cache_mode = force_custom_plan`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter function ledger.assert_escrow_lines_match() reset plan_cache_mode`);
    this.addSql(`create or replace function ledger.assert_escrow_lines_match() returns trigger language plpgsql as $$
    declare
      bad record;
    begin
      select coalesce(p.account, l.account) as account, coalesce(p.total, 0) as posted, coalesce(l.total, 0) as lined into bad
        from (select account, sum(amount_cents) as total from ledger.postings
               where journal_id = new.id and account like 'artist_escrow:%' group by account) p
        full join (select account, sum(amount_cents) as total from ledger.escrow_lines where journal_id = new.id group by account) l
          on l.account = p.account
       where coalesce(p.total, 0) <> coalesce(l.total, 0)
       limit 1;
      if found then
        raise exception 'ledger journal % moves % cents on %, but its escrow lines say whose money % cents are', new.id, bad.posted, bad.account, bad.lined
          using errcode = '23514', constraint = 'escrow_lines_match';
      end if;
      return null;
    end $$`);
  }
}
