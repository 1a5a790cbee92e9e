import { executeBound, pgArray, plainArray, type EntityManager } from '#pie/platform';
import { parseAccount, type ParsedAccount } from './accounts.js';
import { canonicalPostings, escrowLinesToWrite, singleEscrowFan, type JournalInput } from './journal.js';
import { insertEscrowLines, InsufficientBalanceError, postJournal, type PostedJournal } from './ledger-store.js';
import { announceWalletCredits } from './wallet-credits.js';

/**
 * `post()` for many journals in the caller's transaction, in three statements whatever their
 * number (accounts, journals, postings), for batch jobs (pies closes periods in batches). Same
 * rules: each journal balanced (checked here and by Postgres at commit), idempotent by key — a
 * key already posted goes through `postJournal`, which returns it or refuses different postings.
 * Results are in the order of `inputs`.
 */
export async function postJournals(tx: EntityManager, inputs: readonly JournalInput[]): Promise<PostedJournal[]> {
  if (inputs.length === 0) return [];
  const parsed = new Map<string, ParsedAccount>();
  const parse = (code: string): ParsedAccount => {
    let account = parsed.get(code);
    if (!account) parsed.set(code, (account = parseAccount(code)));
    return account;
  };
  const prepared = inputs.map((input) => ({ input, postings: canonicalPostings(input, parse) }));
  const keys = new Set<string>();
  for (const { input } of prepared) {
    if (keys.has(input.idempotencyKey)) throw new Error(`Idempotency key "${input.idempotencyKey}" appears twice in one batch`);
    keys.add(input.idempotencyKey);
  }
  const codes = new Set<string>();
  for (const { postings } of prepared) for (const posting of postings) codes.add(posting.account);
  const accounts = [...codes].sort().map(parse);
  // raw SQL: bench:close — the ledger's posting path for batches: accounts in one unnest statement
  await executeBound(
    tx,
    `insert into ledger.accounts (code, kind, owner_id, allow_negative)
     select * from unnest($1::text[], $2::text[], $3::uuid[], $4::boolean[]) as u(code, kind, owner_id, allow_negative)
      where not exists (select 1 from ledger.accounts a where a.code = u.code)
     on conflict (code) do nothing`,
    [pgArray(accounts.map((a) => a.code)), pgArray(accounts.map((a) => a.kind)), pgArray(accounts.map((a) => a.ownerId)), pgArray(accounts.map((a) => a.allowNegative))],
  );
  // raw SQL: bench:close — the ledger's posting path for batches: every journal in one unnest statement
  const inserted = await executeBound<{ id: string; idempotency_key: string }>(
    tx,
    `insert into ledger.journals (kind, idempotency_key, occurred_at, "references", escrow_fan_id)
     select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::jsonb[], $5::uuid[]) on conflict (idempotency_key) do nothing returning id, idempotency_key`,
    [
      pgArray(prepared.map(({ input }) => input.kind)),
      pgArray(prepared.map(({ input }) => input.idempotencyKey)),
      pgArray(prepared.map(({ input }) => input.occurredAt.toISOString())),
      pgArray(prepared.map(({ input }) => JSON.stringify(input.references ?? {}))),
      pgArray(prepared.map(({ postings }) => singleEscrowFan(postings))),
    ],
  );
  const idByKey = new Map(inserted.map((row) => [row.idempotency_key, row.id]));
  const fresh = prepared.filter(({ input }) => idByKey.has(input.idempotencyKey));
  if (fresh.length > 0) {
    // One statement for every journal's postings: Postgres checks each journal balances, moves the
    // fans' escrow holdings and, last, each account's balance once per statement (locking the
    // accounts in code order, so concurrent batches never deadlock).
    const journalIds: string[] = [];
    const legAccounts: string[] = [];
    const legAmounts: bigint[] = [];
    for (const { input, postings } of fresh) {
      const journalId = idByKey.get(input.idempotencyKey)!;
      for (const posting of postings) {
        journalIds.push(journalId);
        legAccounts.push(posting.account);
        legAmounts.push(posting.amountCents);
      }
    }
    try {
      // Lines (the fans' holdings) before postings (the accounts' balances): README "Locks".
      await insertEscrowLines(tx, fresh.flatMap(({ input, postings }) => escrowLinesToWrite(postings).map((line) => ({ ...line, journalId: idByKey.get(input.idempotencyKey)! }))));
      // raw SQL: bench:close — the ledger's posting path for batches: every leg in one unnest statement
      await executeBound(
        tx,
        `insert into ledger.postings (journal_id, account, amount_cents)
         select journal_id, account, amount from unnest($1::uuid[], $2::text[], $3::bigint[]) with ordinality as p(journal_id, account, amount, n) order by n`,
        // Journal ids come from Postgres and account codes were checked against their pattern: no quoting.
        [plainArray(journalIds), plainArray(legAccounts), plainArray(legAmounts)],
      );
    } catch (error) {
      const e = error as { constraint?: string; message?: string; cause?: { constraint?: string } };
      const refused = (constraint: string) => [e.constraint, e.cause?.constraint].includes(constraint) || e.message?.includes(constraint);
      if (refused('accounts_balance_not_negative') || refused('escrow_holdings_not_negative')) {
        throw new InsufficientBalanceError(`one of ${fresh.length} journals in a batch`);
      }
      throw error;
    }
    await announceWalletCredits(tx, fresh.map(({ input, postings }) => ({ journalId: idByKey.get(input.idempotencyKey)!, input, postings })));
  }
  const results: PostedJournal[] = [];
  for (const { input, postings } of prepared) {
    const id = idByKey.get(input.idempotencyKey);
    results.push(id ? { journalId: id, created: true } : await postJournal(tx, input, postings));
  }
  return results;
}
