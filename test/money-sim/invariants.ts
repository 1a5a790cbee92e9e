import { RECONCILIATION_TYPES } from '#pie/contracts';
import { checkLedgerInvariants } from '#pie/ledger';
import type { World } from './world.js';

/**
 * What must hold after every simulated day, one entry per check so each can be switched on or off
 * (`MONEY_SIM_INVARIANTS`). The first two are the platform's own checks — the ledger invariants
 * that `npm run ledger:check` prints and every reconciliation check an admin can run — and the rest
 * are what the simulation can see from outside: Stripe's side of the money, the jobs, the clock.
 */
export interface Invariant {
  name: string;
  doc: string;
  byDefault: boolean;
  offBecause?: string;
  check(world: World): Promise<string[]>;
}

const DAY_MS = 86_400_000;

export const INVARIANTS: Invariant[] = [
  {
    name: 'ledger',
    doc: 'the ledger’s invariants (checkLedgerInvariants: what `npm run ledger:check` runs): journals and the ledger sum to zero, cached balances equal their postings, no negative balance where none is allowed, no idempotency key twice',
    byDefault: true,
    async check(world) {
      const report = await checkLedgerInvariants(world.database.em().fork());
      return report.results.filter((result) => !result.ok).flatMap((result) => result.violations.map((violation) => `${result.name}: ${violation}`));
    },
  },
  {
    name: 'reconciliation',
    doc: `every admin reconciliation check, run as an admin runs it (POST /api/admin/financial-reconciliation/run-<type>-check): ${RECONCILIATION_TYPES.join(', ')}`,
    byDefault: true,
    async check(world) {
      const violations: string[] = [];
      for (const type of RECONCILIATION_TYPES) {
        const answer = await world.call('POST', `/api/admin/financial-reconciliation/run-${type}-check`, world.adminCookies);
        if (answer.status !== 200) violations.push(`${type} check answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
        else if (!answer.body.data.ok) violations.push(...(answer.body.data.rows as string[] | undefined ?? [`${answer.body.data.violations} violation(s)`]).map((row) => `${type}: ${row}`));
      }
      return violations;
    },
  },
  {
    name: 'escrow-per-fan',
    doc: 'for every artist, the escrow’s balance equals the sum over fans of what each still holds there, and no fan’s holding is negative (from ledger.escrow_entries — the escrow lines and the escrow postings of single-fan journals — where the ledger has them, else from the journals’ references.fanId)',
    byDefault: true,
    async check(world) {
      const entries = (await world.sql.value<string | null>(`select to_regclass('ledger.escrow_entries')::text`)) !== null;
      // Per escrow and fan (null: money moved by a journal that names no fan), what they hold.
      const rows = await world.sql.query<{ account: string; fan_id: string | null; held: string }>(
        entries
          ? `select account, fan_id::text, sum(amount_cents) as held from ledger.escrow_entries group by 1, 2
             union all
             select p.account, null, sum(p.amount_cents) - coalesce((select sum(e.amount_cents) from ledger.escrow_entries e where e.account = p.account), 0)
               from ledger.postings p where p.account like 'artist_escrow:%' group by p.account`
          : `select p.account, j."references"->>'fanId' as fan_id, sum(p.amount_cents) as held
               from ledger.postings p join ledger.journals j on j.id = p.journal_id
              where p.account like 'artist_escrow:%' group by 1, 2`,
      );
      const violations: string[] = [];
      for (const row of rows) {
        const held = Number(row.held);
        if (row.fan_id === null && held !== 0) violations.push(`${row.account}: ${held}¢ of its balance is no fan's`);
        if (row.fan_id !== null && held < 0) violations.push(`${row.account}: fan ${row.fan_id} holds ${held}¢`);
      }
      return violations;
    },
  },
  {
    name: 'connected-balances',
    doc: 'for every office with a Stripe account Pie can still read, what Stripe holds for it (available + pending) equals the ledger’s office_connected (an account that deauthorized Pie answers 403 and is not read; what it held left the books with it, and after the office onboards again the new account is compared)',
    byDefault: true,
    async check(world) {
      const violations: string[] = [];
      for (const office of world.offices) {
        if (!office.stripeAccount || office.deauthorized.has(office.stripeAccount)) continue;
        const balance = await world.platform.stripe.balance.retrieve({}, { stripeAccount: office.stripeAccount });
        const atStripe = [...balance.available, ...balance.pending].reduce((sum, entry) => sum + entry.amount, 0);
        const inLedger = Number((await world.sql.value<string>(`select coalesce(sum(amount_cents), 0) from ledger.postings where account = $1`, [`office_connected:${office.admin.officeId}`])) ?? 0);
        if (atStripe !== inLedger) violations.push(`office ${office.index} (${office.stripeAccount}): Stripe holds ${atStripe}¢, the ledger's office_connected ${inLedger}¢`);
      }
      return violations;
    },
  },
  {
    name: 'deleted-fans-not-charged',
    doc: 'no charge at Stripe for a fan after they deleted their account',
    byDefault: true,
    async check(world) {
      const violations: string[] = [];
      for (const fan of world.fans) {
        if (!fan?.deleted || !fan.customerId) continue;
        const later = (await world.platform.stripe.charges.list({ customer: fan.customerId, limit: 100 })).data.filter((c) => c.status === 'succeeded' && c.created * 1000 > fan.deletedAtMs!);
        for (const charge of later) violations.push(`fan ${fan.index} deleted on day ${world.clock.dayOf(fan.deletedAtMs!)} was charged ${charge.amount}¢ (${charge.id}) on day ${world.clock.dayOf(charge.created * 1000)}`);
      }
      return violations;
    },
  },
  {
    name: 'closes-on-time',
    doc: 'no pie period is still open a day after its end (closes are not stuck)',
    byDefault: true,
    async check(world) {
      const late = await world.sql.query<{ id: string; ends_at: Date; state: string }>(
        `select id, ends_at, state from pies.periods where state <> 'closed' and ends_at < $1::timestamptz order by ends_at limit 20`,
        [new Date(Date.now() - DAY_MS).toISOString()],
      );
      return late.map((row) => `period ${row.id} ended on day ${world.clock.dayOf(new Date(row.ends_at).getTime())} and is still ${row.state}`);
    },
  },
  {
    name: 'no-dead-jobs',
    doc: 'no job has exhausted its retries (platform.dead_jobs)',
    byDefault: true,
    async check(world) {
      const dead = await world.sql.query<{ queue: string; name: string; error: string }>(`select queue, job_name as name, error from platform.dead_jobs where requeued_at is null limit 20`);
      return dead.map((row) => `dead job ${row.queue}/${row.name}: ${row.error.slice(0, 200)}`);
    },
  },
  {
    name: 'escrow-expires',
    doc: 'an artist with no successful claim holds no fan money older than ESCROW_EXPIRY_DAYS (+2 days for the daily job)',
    byDefault: true,
    check: (world) => oldEscrow(world, `not exists (select 1 from claims.claims c where c.status = 'successful' and 'artist_escrow:' || c.artist_id = a.code)`),
  },
  {
    name: 'escrow-expires-without-payee',
    doc: 'an artist claimed by an office that cannot receive money (never onboarded, or disconnected) for longer than ESCROW_EXPIRY_DAYS holds no fan money older than ESCROW_EXPIRY_DAYS (+2 days) either',
    byDefault: true,
    async check(world) {
      const held = await oldEscrow(
        world,
        // Unable since the latest of the claim's success, the disconnect and the last reconnect
        // (libs/payouts/README.md): a fresh claim gives its office a whole window to connect.
        `exists (select 1 from claims.claims c left join payouts.connected_accounts ca on ca.office_id = c.office_id
                  where c.status = 'successful' and 'artist_escrow:' || c.artist_id = a.code
                    and not (ca.status is not distinct from 'enabled' and ca.disconnected_at is null)
                    and greatest(c.verified_at, ca.disconnected_at, ca.reconnected_at) < $1::timestamptz)`,
      );
      const day = (at: Date | null) => (at ? `day ${world.clock.dayOf(new Date(at).getTime())}` : '-');
      const described: string[] = [];
      for (const violation of held) {
        // Which office, and since when (in simulated days) it could not receive money.
        const [claim] = await world.sql.query<{ office_id: string; verified_at: Date; status: string | null; disconnected_at: Date | null; reconnected_at: Date | null; deauthorized_at: Date | null }>(
          `select c.office_id, c.verified_at, ca.status, ca.disconnected_at, ca.reconnected_at, ca.deauthorized_at
             from claims.claims c left join payouts.connected_accounts ca on ca.office_id = c.office_id
            where c.status = 'successful' and 'artist_escrow:' || c.artist_id = $1`,
          [violation.split(':').slice(0, 2).join(':')],
        );
        const office = world.offices.find((o) => o.admin.officeId === claim?.office_id);
        described.push(
          claim
            ? `${violation} — office ${office?.index ?? claim.office_id} (${claim.status ?? 'never connected'}), claim verified ${day(claim.verified_at)}, disconnected ${day(claim.disconnected_at)}, reconnected ${day(claim.reconnected_at)}, deauthorized ${day(claim.deauthorized_at)}`
            : violation,
        );
      }
      return described;
    },
  },
  {
    name: 'no-stuck-wallet',
    doc: 'a fan with no live pie, whose last period closed more than 3 days ago, has nothing left in the wallet that a card could take back: every cent paid was split for its period or went back to the fan (a pie that is over, or a deleted account, returns the wallet: the promotion to the pool, the rest refunded to the card). Only what no charge can take (each charge refunded in full, held by a chargeback, or with a refund that failed: Stripe says to return it another way) is kept for support',
    byDefault: true,
    async check(world) {
      const rows = await world.sql.query<{ account: string; balance: string; last_close: Date }>(
        `select a.code as account, a.balance_cents as balance, max(pr.ends_at) as last_close
           from ledger.accounts a
           join pies.pies p on 'fan_wallet:' || p.fan_id = a.code
           join pies.periods pr on pr.pie_id = p.id
          where a.kind = 'fan_wallet' and a.balance_cents > 0
            and not exists (select 1 from pies.pies live where live.fan_id = p.fan_id and live.status in ('active', 'past_due'))
            and not exists (select 1 from pies.periods o join pies.pies op on op.id = o.pie_id where op.fan_id = p.fan_id and o.state <> 'closed')
          group by a.code, a.balance_cents
         having max(pr.ends_at) < $1::timestamptz`,
        [new Date(Date.now() - 3 * DAY_MS).toISOString()],
      );
      const violations: string[] = [];
      for (const row of rows) {
        const fanId = row.account.slice('fan_wallet:'.length);
        const room = await refundableRoom(world, fanId);
        if (room === 0) continue;
        violations.push(`${row.account}: ${row.balance}¢ left with no pie since day ${world.clock.dayOf(new Date(row.last_close).getTime())}, though its charges can still take back ${room}¢ (${await walletJournals(world, row.account)})`);
      }
      return violations;
    },
  },
  {
    name: 'office-can-receive-after-reconnect',
    doc: 'an office that went through onboarding again after a disconnect or a deauthorization (and was not cut off again since) is connected and enabled again',
    byDefault: true,
    async check(world) {
      const violations: string[] = [];
      for (const index of world.reconnected) {
        const office = world.offices[index];
        const [row] = await world.sql.query<{ status: string; disconnected_at: Date | null }>(`select status, disconnected_at from payouts.connected_accounts where office_id = $1`, [office.admin.officeId]);
        if (!row || row.status !== 'enabled' || row.disconnected_at !== null) violations.push(`office ${index} re-onboarded but its connection is ${row ? `${row.status}${row.disconnected_at ? ', disconnected' : ''}` : 'missing'}`);
      }
      return violations;
    },
  },
];

/** Disputes after which Stripe still refunds the charge: an inquiry (open or closed), a dispute won. */
const REFUNDABLE_DISPUTES = new Set(['warning_needs_response', 'warning_under_review', 'warning_closed', 'won']);

/**
 * What Stripe would still let Pie refund of the fan's charges, by Stripe's rules read from Stripe:
 * each succeeded charge's unrefunded amount, but none of a charge a chargeback holds (open or lost)
 * or a refund failed on (its card would refuse again).
 */
async function refundableRoom(world: World, fanId: string): Promise<number> {
  const charges = await world.sql.query<{ charge_id: string }>(`select charge_id from billing.invoices where fan_id = $1 and charge_id is not null`, [fanId]);
  let room = 0;
  for (const { charge_id: chargeId } of charges) {
    const charge = await world.platform.stripe.charges.retrieve(chargeId);
    if (charge.status !== 'succeeded') continue;
    const refunds = (await world.platform.stripe.refunds.list({ charge: chargeId, limit: 100 })).data;
    if (refunds.some((refund) => refund.status === 'failed')) continue;
    const disputes = charge.disputed ? (await world.platform.stripe.disputes.list({ charge: chargeId, limit: 10 })).data : [];
    if (!disputes.every((dispute) => REFUNDABLE_DISPUTES.has(dispute.status))) continue;
    room += charge.amount - charge.amount_refunded;
  }
  return room;
}

/** A wallet's journals, oldest first, as `kind ±cents` (what a stuck wallet's report shows). */
async function walletJournals(world: World, account: string): Promise<string> {
  const rows = await world.sql.query<{ kind: string; cents: string }>(
    `select j.kind, p.amount_cents as cents from ledger.postings p join ledger.journals j on j.id = p.journal_id where p.account = $1 order by j.recorded_at, j.id`,
    [account],
  );
  return rows.map((row) => `${row.kind} ${Number(row.cents) > 0 ? '+' : ''}${row.cents}`).join(', ');
}

/**
 * Escrow accounts (matching `where`, on `ledger.accounts a`) still holding credits older than the
 * expiry window: what came in before the cutoff, less everything that went out since, is left.
 */
async function oldEscrow(world: World, where: string): Promise<string[]> {
  const cutoff = new Date(Date.now() - (world.shape.escrowExpiryDays + 2) * DAY_MS).toISOString();
  const rows = await world.sql.query<{ account: string; old: string; out: string; balance: string }>(
    `select a.code as account, a.balance_cents as balance,
            (select coalesce(sum(p.amount_cents), 0) from ledger.postings p join ledger.journals j on j.id = p.journal_id where p.account = a.code and p.amount_cents > 0 and j.occurred_at < $1::timestamptz) as old,
            (select coalesce(-sum(p.amount_cents), 0) from ledger.postings p where p.account = a.code and p.amount_cents < 0) as out
       from ledger.accounts a
      where a.kind = 'artist_escrow' and a.balance_cents > 0 and ${where}`,
    [cutoff],
  );
  return rows.filter((row) => Number(row.old) - Number(row.out) > 0).map((row) => `${row.account}: ${Number(row.old) - Number(row.out)}¢ older than the expiry window still held (balance ${row.balance}¢)`);
}

export const invariantNamed = (name: string): Invariant => {
  const invariant = INVARIANTS.find((i) => i.name === name);
  if (!invariant) throw new Error(`No invariant ${name} (known: ${INVARIANTS.map((i) => i.name).join(', ')})`);
  return invariant;
};
