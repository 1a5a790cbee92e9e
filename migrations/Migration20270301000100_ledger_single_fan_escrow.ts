import { Migration } from '@mikro-orm/migrations';

/**
 * Escrow stays exact per fan, at the close's speed (issue 26 follow-up; libs/ledger/README.md
 * "Whose money an escrow holds"). Measured on the bench's close (1,000 journals, 30,000 escrow legs
 * per batch): each escrow leg cost an escrow line (a heap row, four index entries, two row-level
 * foreign-key lookups), a holding row placed under a random fan id in every artist's part of the
 * holdings key, and a deferred per-journal check — more than the postings themselves.
 *
 * - `journals.escrow_fan_id`: a journal whose escrow legs are all one fan's money (a close, a
 *   refund, a dispute, an expiry, a one-fan release) names that fan once and writes no escrow
 *   lines: its escrow postings are that fan's lines. A journal with escrow legs of several fans (a
 *   release) keeps its lines. Set at insert, append-only like the journal.
 * - Holdings are moved by statement triggers, aggregated per (account, fan) per statement: on the
 *   postings for single-fan journals, on the lines for the others. Credits are upserted; a debit
 *   needs the fan's holding to exist and stay at or above zero (`escrow_holdings_not_negative`).
 * - Lines naming a single-fan journal are refused (`escrow_lines_match`), and the deferred
 *   per-journal check runs only for journals that name no single fan: an escrow posting of such a
 *   journal still needs lines summing to it at commit.
 * - The holdings key is (fan, account): one fan's holdings sit together, so a batch of closes
 *   writes a few pages per fan instead of one page per artist and fan; (account) is indexed for
 *   reads by artist, and the key serves reads by fan (the old partial fan index goes).
 * - `ledger.escrow_entries`: every fan's part of every escrow posting (the lines, and the escrow
 *   postings of single-fan journals with their fan): the one read of whose money moved.
 */
export class Migration20270301000100_ledger_single_fan_escrow extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table ledger.journals add column escrow_fan_id uuid`);
    this.addSql(`create index journals_escrow_fan_idx on ledger.journals (escrow_fan_id) where escrow_fan_id is not null`);

    this.addSql(`alter table ledger.escrow_holdings drop constraint escrow_holdings_pkey`);
    this.addSql(`alter table ledger.escrow_holdings add constraint escrow_holdings_pkey primary key (fan_id, account)`);
    this.addSql(`drop index ledger.escrow_holdings_fan_idx`);
    this.addSql(`create index escrow_holdings_account_idx on ledger.escrow_holdings (account)`);

    this.addSql(`create function ledger.move_escrow_holdings(codes text[], fans uuid[], totals bigint[]) returns void language plpgsql as $$
    declare
      debits integer;
      moved integer;
    begin
      -- Every holding moved here is of an escrow whose account row the same statement's postings
      -- locked first (until commit), so no other writer moves it meanwhile and the order is free.
      -- Credits as an upsert (the proposed row is positive, so the check passes before the conflict).
      insert into ledger.escrow_holdings as h (fan_id, account, balance_cents)
      select u.fan_id, u.account, u.total from unnest(codes, fans, totals) as u(account, fan_id, total)
       where u.total > 0
       order by u.fan_id, u.account
      on conflict (fan_id, account) do update set balance_cents = h.balance_cents + excluded.balance_cents;
      -- Debits move an existing holding, which the check keeps at or above zero.
      select count(*) into debits from unnest(totals) as t where t < 0;
      if debits > 0 then
        update ledger.escrow_holdings h set balance_cents = h.balance_cents + u.total
          from unnest(codes, fans, totals) as u(account, fan_id, total)
         where u.total < 0 and h.fan_id = u.fan_id and h.account = u.account;
        get diagnostics moved = row_count;
        if moved < debits then
          raise exception 'an escrow posting takes money a fan does not hold there'
            using errcode = '23514', constraint = 'escrow_holdings_not_negative';
        end if;
      end if;
    end $$`);

    this.addSql(`create or replace function ledger.apply_escrow_lines() returns trigger language plpgsql as $$
    declare
      single uuid;
      codes text[];
      fans uuid[];
      totals bigint[];
    begin
      select t.journal_id into single
        from (select distinct journal_id from new_lines) t
        cross join lateral (select escrow_fan_id from ledger.journals j where j.id = t.journal_id offset 0) j
       where j.escrow_fan_id is not null
       limit 1;
      if found then
        raise exception 'ledger journal % names the one fan whose escrow money it moves; it takes no escrow lines', single
          using errcode = '23514', constraint = 'escrow_lines_match';
      end if;
      select array_agg(s.account), array_agg(s.fan_id), array_agg(s.total) into codes, fans, totals
        from (select account, fan_id, sum(amount_cents) as total from new_lines group by account, fan_id) s;
      perform ledger.move_escrow_holdings(codes, fans, totals);
      return null;
    end $$`);

    this.addSql(`create function ledger.apply_single_fan_escrow() returns trigger language plpgsql set work_mem = '16MB' as $$
    declare
      journal_ids uuid[];
      journal_fans uuid[];
      codes text[];
      fans uuid[];
      totals bigint[];
    begin
      -- The statement's single-fan journals, each looked up by its key (offset 0 keeps it a lookup:
      -- the transition table has no statistics, and a planned join scanned every such journal).
      select array_agg(t.journal_id), array_agg(j.escrow_fan_id) into journal_ids, journal_fans
        from (select distinct journal_id from new_postings where account like 'artist_escrow:%') t
        cross join lateral (select escrow_fan_id from ledger.journals j where j.id = t.journal_id offset 0) j
       where j.escrow_fan_id is not null;
      if journal_ids is null then
        return null;
      end if;
      -- Credits (what a close writes): one upsert, aggregated per (fan, account), in key order.
      insert into ledger.escrow_holdings as h (fan_id, account, balance_cents)
      select f.fan_id, n.account, sum(n.amount_cents)
        from new_postings n join unnest(journal_ids, journal_fans) as f(journal_id, fan_id) on f.journal_id = n.journal_id
       where n.account like 'artist_escrow:%'
       group by f.fan_id, n.account
      having sum(n.amount_cents) > 0
       order by f.fan_id, n.account
      on conflict (fan_id, account) do update set balance_cents = h.balance_cents + excluded.balance_cents;
      -- Debits (a refund, a dispute, an expiry): each needs the fan's holding, kept at or above zero.
      if exists (select 1 from new_postings where amount_cents < 0 and account like 'artist_escrow:%') then
        select array_agg(s.account), array_agg(s.fan_id), array_agg(s.total) into codes, fans, totals
          from (select n.account, f.fan_id, sum(n.amount_cents) as total
                  from new_postings n join unnest(journal_ids, journal_fans) as f(journal_id, fan_id) on f.journal_id = n.journal_id
                 where n.account like 'artist_escrow:%'
                 group by 1, 2
                having sum(n.amount_cents) < 0) s;
        perform ledger.move_escrow_holdings(codes, fans, totals);
      end if;
      return null;
    end $$`);
    this.addSql(`create trigger postings_escrow_holdings after insert on ledger.postings
      referencing new table as new_postings for each statement execute function ledger.apply_single_fan_escrow()`);

    this.addSql(`drop trigger escrow_lines_match on ledger.journals`);
    this.addSql(`create constraint trigger escrow_lines_match after insert on ledger.journals
      deferrable initially deferred for each row when (new.escrow_fan_id is null) execute function ledger.assert_escrow_lines_match()`);

    this.addSql(`create view ledger.escrow_entries as
      select l.journal_id, l.account, l.fan_id, l.amount_cents from ledger.escrow_lines l
      union all
      select p.journal_id, p.account, j.escrow_fan_id, p.amount_cents
        from ledger.postings p join ledger.journals j on j.id = p.journal_id
       where j.escrow_fan_id is not null and p.account like 'artist_escrow:%'`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop view ledger.escrow_entries`);
    this.addSql(`drop trigger escrow_lines_match on ledger.journals`);
    this.addSql(`create constraint trigger escrow_lines_match after insert on ledger.journals
      deferrable initially deferred for each row execute function ledger.assert_escrow_lines_match()`);
    this.addSql(`drop trigger postings_escrow_holdings on ledger.postings`);
    this.addSql(`drop function ledger.apply_single_fan_escrow()`);
    this.addSql(`create or replace function ledger.apply_escrow_lines() returns trigger language plpgsql as $$
    begin
      update ledger.escrow_holdings h set balance_cents = h.balance_cents + s.total
        from (select account, fan_id, sum(amount_cents) as total from new_lines group by account, fan_id) s
       where h.account = s.account and h.fan_id = s.fan_id;
      insert into ledger.escrow_holdings (account, fan_id, balance_cents)
      select s.account, s.fan_id, s.total
        from (select account, fan_id, sum(amount_cents) as total from new_lines group by account, fan_id) s
       where not exists (select 1 from ledger.escrow_holdings h where h.account = s.account and h.fan_id = s.fan_id)
       order by s.account, s.fan_id;
      return null;
    end $$`);
    this.addSql(`drop function ledger.move_escrow_holdings(text[], uuid[], bigint[])`);
    this.addSql(`drop index ledger.escrow_holdings_account_idx`);
    this.addSql(`create index escrow_holdings_fan_idx on ledger.escrow_holdings (fan_id) where balance_cents > 0`);
    this.addSql(`alter table ledger.escrow_holdings drop constraint escrow_holdings_pkey`);
    this.addSql(`alter table ledger.escrow_holdings add constraint escrow_holdings_pkey primary key (account, fan_id)`);
    this.addSql(`drop index ledger.journals_escrow_fan_idx`);
    this.addSql(`alter table ledger.journals drop column escrow_fan_id`);
  }
}
