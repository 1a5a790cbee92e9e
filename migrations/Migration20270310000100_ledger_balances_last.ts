import { Migration } from '@mikro-orm/migrations';

/**
 * The close fast again (issue 26's last point; libs/ledger/README.md "The posting statement's cost").
 *
 * - A plan that went bad on the sixth batch of a connection: PL/pgSQL caches each statement's plan
 *   and, from a function's sixth call in a session, may switch to a generic plan — one made without
 *   the values of its variables. The holdings trigger joins the statement's postings (a transition
 *   table, which has no statistics) with the arrays of its journals and fans; in the generic plan
 *   that array counts as 10 rows and the join became a nested loop: 30,000 × 1,000 comparisons,
 *   2.5–3.4 s per batch of 1,000 closes instead of ~0.3 s (EXPLAIN through auto_explain, replaying one
 *   batch 8 times in one session: calls 1–5 ~300 ms, 6–8 2,366–2,851 ms). bench:close's connections
 *   close 10 batches each at 20,000 periods and 50 at 100,000, so nearly every batch paid it. The
 *   functions that join the statement's rows with arrays in variables are planned for each call
 *   (`plan_cache_mode = force_custom_plan`; planning costs well under a millisecond per statement).
 *
 * Then the close waits less on the artists' escrow accounts. Every batch of closes moves the
 * balances of the same few thousand escrow accounts, and a balance row stays locked from the
 * posting statement that moves it until commit, so concurrent batches queue on them. Measured on the bench's batch
 * (1,000 journals, 31,000 postings) with EXPLAIN ANALYZE: of the posting statement's ~460 ms the
 * holdings trigger took ~270 ms (~100 ms of it the row-level foreign-key check of each new holding
 * on `accounts`), the insert itself ~150 ms, the balances ~40 ms, the balance and month checks
 * ~15 ms; the deferred per-journal checks at commit ~10 ms. The balances trigger fired first (its
 * name sorts first), so everything after it ran with the accounts locked.
 *
 * - The balances trigger (lock the accounts in code order, prove they exist, move the balances)
 *   is renamed so that it sorts, and fires, after every other statement trigger on the postings:
 *   the holdings, the balance check and the monthly totals run before the accounts are locked.
 *   Statement triggers fire in name order; a new one must sort before `postings_zz_…`.
 * - The holdings' foreign key to `accounts` goes: every holding is written by the ledger's own
 *   triggers from postings (or lines) whose account exists — the balances trigger of the same
 *   statement refuses a posting on an account that does not (`postings_account_exists`), the lines
 *   keep their foreign key — and accounts are never deleted. A check keeps holdings on escrow
 *   accounts only (`escrow_holdings_on_escrow`).
 * - Holdings are row-locked by the statement that moves them (an upsert or update of the one
 *   (fan, account) row), so two writers of one fan's holding wait on that row and the check sees
 *   the latest balance; no writer relies on the account's lock for them any more.
 */
export class Migration20270310000100_ledger_balances_last extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter trigger postings_apply_statement on ledger.postings rename to postings_zz_move_balances`);
    this.addSql(`alter table ledger.escrow_holdings drop constraint escrow_holdings_account_fkey`);
    this.addSql(`alter table ledger.escrow_holdings add constraint escrow_holdings_on_escrow check (account like 'artist_escrow:%')`);
    this.addSql(MOVE_ESCROW_HOLDINGS.replace('$LOCK_DEBITS', `-- The debited holdings locked in key order first: two writers never hold them crosswise.
        perform 1 from ledger.escrow_holdings h join unnest(codes, fans, totals) as u(account, fan_id, total) on h.fan_id = u.fan_id and h.account = u.account
         where u.total < 0 order by h.fan_id, h.account for no key update of h;`).replace('$COMMENT', `-- Each holding is row-locked by the statement that moves it (until commit): a second writer of
      -- the same (fan, account) waits on that row and its check sees the latest balance. Credits in
      -- key order, so writers of several holdings take them in one order.`));
    // After the function is replaced (create or replace drops its settings).
    for (const fn of PLANNED_PER_CALL) this.addSql(`alter function ${fn} set plan_cache_mode = force_custom_plan`);
  }

  override async down(): Promise<void> {
    this.addSql(MOVE_ESCROW_HOLDINGS.replace('$LOCK_DEBITS', '').replace('$COMMENT', `-- Every holding moved here is of an escrow whose account row the same statement's postings
      -- locked first (until commit), so no other writer moves it meanwhile and the order is free.`));
    this.addSql(`alter table ledger.escrow_holdings drop constraint escrow_holdings_on_escrow`);
    this.addSql(`alter table ledger.escrow_holdings add constraint escrow_holdings_account_fkey foreign key (account) references ledger.accounts (code)`);
    this.addSql(`alter trigger postings_zz_move_balances on ledger.postings rename to postings_apply_statement`);
    for (const fn of PLANNED_PER_CALL) this.addSql(`alter function ${fn} reset plan_cache_mode`);
  }
}

/** The statement triggers' functions that join the statement's rows with arrays held in variables. */
const PLANNED_PER_CALL = ['ledger.apply_single_fan_escrow()', 'ledger.move_escrow_holdings(text[], uuid[], bigint[])', 'ledger.apply_postings()'];

const MOVE_ESCROW_HOLDINGS = `create or replace function ledger.move_escrow_holdings(codes text[], fans uuid[], totals bigint[]) returns void language plpgsql as $$
    declare
      debits integer;
      moved integer;
    begin
      $COMMENT
      -- Credits as an upsert (the proposed row is positive, so the check passes before the conflict).
      insert into ledger.escrow_holdings as h (fan_id, account, balance_cents)
      select u.fan_id, u.account, u.total from unnest(codes, fans, totals) as u(account, fan_id, total)
       where u.total > 0
       order by u.fan_id, u.account
      on conflict (fan_id, account) do update set balance_cents = h.balance_cents + excluded.balance_cents;
      -- Debits move an existing holding, which the check keeps at or above zero.
      select count(*) into debits from unnest(totals) as t where t < 0;
      if debits > 0 then
        $LOCK_DEBITS
        update ledger.escrow_holdings h set balance_cents = h.balance_cents + u.total
          from unnest(codes, fans, totals) as u(account, fan_id, total)
         where u.total < 0 and h.fan_id = u.fan_id and h.account = u.account;
        get diagnostics moved = row_count;
        if moved < debits then
          raise exception 'an escrow posting takes money a fan does not hold there'
            using errcode = '23514', constraint = 'escrow_holdings_not_negative';
        end if;
      end if;
    end $$`;
