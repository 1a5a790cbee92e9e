import { Migration } from '@mikro-orm/migrations';

/**
 * Escrow is exact per fan (DESIGN §5, libs/ledger/README.md "Whose money an escrow holds"): every
 * posting on an `artist_escrow` account is split into escrow lines, one per fan whose money it
 * moves, in the same journal and transaction.
 *
 * - `ledger.escrow_lines` (append-only): the fan's part of an escrow posting. Checked at commit, per
 *   journal: for each escrow account the journal touched, its lines sum to its postings, and a line
 *   names no account the journal did not post to.
 * - `ledger.escrow_holdings`: what each fan holds in each escrow now, moved by a statement trigger
 *   on the lines, in the lines' own transaction; a check constraint keeps every holding at or above
 *   zero. So, at every commit, an escrow's balance is the sum of its fans' holdings, none negative.
 *
 * Journals posted before this migration are split here, replaying each escrow in posting order:
 * a journal naming a fan (`references.fanId`: closes, refunds, disputes, expiries) moves that fan's
 * money; what such a journal took beyond the fan's holding (the defect this fixes) and a release
 * (which named no fan and took the whole escrow) take the fans' holdings in order of fan id.
 */
export class Migration20261201000100_ledger_escrow_lines extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table ledger.escrow_lines (
      id bigint generated always as identity primary key,
      journal_id uuid not null references ledger.journals (id),
      account text collate "C" not null references ledger.accounts (code),
      fan_id uuid not null,
      amount_cents bigint not null check (amount_cents <> 0),
      constraint escrow_lines_escrow_only check (account like 'artist_escrow:%'),
      constraint escrow_lines_one_per_fan unique (journal_id, account, fan_id)
    )`);
    this.addSql(`create index escrow_lines_account_fan_idx on ledger.escrow_lines (account, fan_id, id)`);
    this.addSql(`create index escrow_lines_fan_idx on ledger.escrow_lines (fan_id)`);
    this.addSql(`create table ledger.escrow_holdings (
      account text collate "C" not null references ledger.accounts (code),
      fan_id uuid not null,
      balance_cents bigint not null default 0,
      primary key (account, fan_id),
      constraint escrow_holdings_not_negative check (balance_cents >= 0)
    )`);
    this.addSql(`create index escrow_holdings_fan_idx on ledger.escrow_holdings (fan_id) where balance_cents > 0`);

    this.addSql(`create function ledger.apply_escrow_lines() returns trigger language plpgsql as $$
    begin
      -- Not an upsert: Postgres checks a proposed row (a debit, negative) before it sees the conflict.
      -- The postings of the same journals locked the escrows' account rows first, so no other writer
      -- moves these holdings between the two statements.
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
    this.addSql(`create trigger escrow_lines_apply after insert on ledger.escrow_lines
      referencing new table as new_lines for each statement execute function ledger.apply_escrow_lines()`);

    this.addSql(`create function ledger.assert_escrow_lines_match() returns trigger language plpgsql as $$
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
    this.addSql(`create constraint trigger escrow_lines_match after insert on ledger.journals
      deferrable initially deferred for each row execute function ledger.assert_escrow_lines_match()`);

    this.addSql(`create trigger escrow_lines_append_only before update or delete on ledger.escrow_lines for each row execute function ledger.refuse_change()`);
    this.addSql(`create trigger escrow_lines_no_truncate before truncate on ledger.escrow_lines for each statement execute function ledger.refuse_change()`);

    // The books posted so far, split per fan (see above). Runs once, over every escrow posting.
    this.addSql(`do $$
    declare
      posting record;
      held record;
      remaining bigint;
      take bigint;
      named uuid;
    begin
      create temporary table replay (account text collate "C", fan_id uuid, cents bigint, primary key (account, fan_id)) on commit drop;
      for posting in
        select p.journal_id, p.account, p.amount_cents, j.kind, (j."references"->>'fanId')::uuid as fan_id
          from ledger.postings p join ledger.journals j on j.id = p.journal_id
         where p.account like 'artist_escrow:%' order by p.id
      loop
        named := case when posting.kind = 'escrow_released' then null else posting.fan_id end;
        if posting.amount_cents > 0 then
          -- Money in names its fan; a credit that names none (never posted by Pie) is kept as nobody's.
          named := coalesce(named, '00000000-0000-0000-0000-000000000000'::uuid);
          insert into ledger.escrow_lines (journal_id, account, fan_id, amount_cents) values (posting.journal_id, posting.account, named, posting.amount_cents);
          insert into replay values (posting.account, named, posting.amount_cents)
            on conflict (account, fan_id) do update set cents = replay.cents + excluded.cents;
          continue;
        end if;
        remaining := -posting.amount_cents;
        for held in
          select fan_id, cents from replay where account = posting.account and cents > 0
           order by (fan_id is distinct from named), fan_id
        loop
          exit when remaining = 0;
          take := least(remaining, held.cents);
          insert into ledger.escrow_lines (journal_id, account, fan_id, amount_cents) values (posting.journal_id, posting.account, held.fan_id, -take)
            on conflict (journal_id, account, fan_id) do nothing;
          update replay set cents = cents - take where account = posting.account and fan_id = held.fan_id;
          remaining := remaining - take;
        end loop;
      end loop;
    end $$`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger escrow_lines_match on ledger.journals`);
    this.addSql(`drop function ledger.assert_escrow_lines_match()`);
    this.addSql(`drop table ledger.escrow_holdings`);
    this.addSql(`drop table ledger.escrow_lines`);
    this.addSql(`drop function ledger.apply_escrow_lines()`);
  }
}
