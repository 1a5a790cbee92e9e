import type Stripe from 'stripe';
import type { StripeConnectionStatus } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import { accountDeauthorized } from './payouts.errors.js';

export interface ConnectedAccountRow {
  office_id: string;
  stripe_account_id: string;
  status: Exclude<StripeConnectionStatus, 'not_connected'>;
  details_submitted: boolean;
  payouts_enabled: boolean;
  transfers_active: boolean;
  /** Set when an admin disconnected the office: no transfers until it connects again. */
  disconnected_at: Date | null;
  /** When the office last got its connection back after a disconnect (null: never disconnected). */
  reconnected_at: Date | null;
  /**
   * The account removed Pie's access (`account.application.deauthorized`): Pie can never reach it
   * again, and only a new account (the office onboards again) brings the office back.
   */
  deauthorized_at: Date | null;
}

/**
 * Who changes an office's connection: an admin (back office), the office's own admin (onboarding),
 * or Stripe on the account holder's behalf (a deauthorization: no user of Pie).
 */
export type ConnectionChanger = { kind: 'admin' | 'office'; userId: string } | { kind: 'stripe' };

// Connection times come from the application's clock, as the money paths' do (the escrow-expiry
// window counts from them), not from the database's.

/** Stops transfers to the office (its money stays in its earnings); recorded with who did it. Null: never connected. */
export async function disconnectAccount(tx: EntityManager, officeId: string, by: ConnectionChanger): Promise<{ before: ConnectedAccountRow; after: ConnectedAccountRow } | null> {
  const before = await lockConnectedAccount(tx, officeId, 'update');
  if (!before) return null;
  if (!before.disconnected_at) {
    await tx.execute(`update payouts.connected_accounts set disconnected_at = ? where office_id = ?`, [new Date(), officeId]);
    await recordChange(tx, officeId, 'disconnected', by, before.stripe_account_id);
  }
  return { before, after: (await connectedAccountOf(tx, officeId))! };
}

/**
 * Undoes a disconnect: the office's Stripe account may receive transfers again once Stripe has it
 * enabled (the caller re-reads it). Recorded with who did it. Null: never connected; a connection
 * that was not disconnected is answered unchanged.
 */
export async function reconnectAccount(tx: EntityManager, officeId: string, by: ConnectionChanger): Promise<{ before: ConnectedAccountRow; after: ConnectedAccountRow } | null> {
  const before = await lockConnectedAccount(tx, officeId, 'update');
  if (!before) return null;
  // Pie cannot undo what the account holder did at Stripe: only a new account brings the office back.
  if (before.deauthorized_at) throw accountDeauthorized();
  if (before.disconnected_at) {
    await tx.execute(`update payouts.connected_accounts set disconnected_at = null, reconnected_at = ? where office_id = ?`, [new Date(), officeId]);
    await recordChange(tx, officeId, 'reconnected', by, before.stripe_account_id);
  }
  return { before, after: (await connectedAccountOf(tx, officeId))! };
}

type ConnectionAction = 'disconnected' | 'reconnected' | 'deauthorized' | 'new_account';

async function recordChange(tx: EntityManager, officeId: string, action: ConnectionAction, by: ConnectionChanger, stripeAccountId: string, previousStripeAccountId: string | null = null): Promise<void> {
  await tx.execute(`insert into payouts.connection_changes (office_id, action, by_kind, by_user_id, stripe_account_id, previous_stripe_account_id, at) values (?, ?, ?, ?, ?, ?, ?)`, [
    officeId,
    action,
    by.kind,
    by.kind === 'stripe' ? null : by.userId,
    stripeAccountId,
    previousStripeAccountId,
    new Date(),
  ]);
}

export interface ConnectionChange {
  action: ConnectionAction;
  byKind: ConnectionChanger['kind'];
  /** Null when Stripe made the change (a deauthorization). */
  byUserId: string | null;
  stripeAccountId: string;
  /** For `new_account`: the deauthorized account it replaced. */
  previousStripeAccountId: string | null;
  at: Date;
}

/** Who disconnected, reconnected or replaced the office's account (and when Stripe said it was deauthorized), newest first. */
export async function connectionChangesOf(em: EntityManager, officeId: string): Promise<ConnectionChange[]> {
  const rows = await em.execute<{ action: ConnectionAction; by_kind: ConnectionChanger['kind']; by_user_id: string | null; stripe_account_id: string; previous_stripe_account_id: string | null; at: Date }[]>(
    `select action, by_kind, by_user_id, stripe_account_id, previous_stripe_account_id, at from payouts.connection_changes where office_id = ? order by at desc, id desc`,
    [officeId],
  );
  return rows.map((row) => ({
    action: row.action,
    byKind: row.by_kind,
    byUserId: row.by_user_id,
    stripeAccountId: row.stripe_account_id,
    previousStripeAccountId: row.previous_stripe_account_id,
    at: new Date(row.at),
  }));
}

/** Whether Pie may send the office money now: Stripe enabled the account and no admin disconnected it. */
export function canReceiveTransfers<T extends Pick<ConnectedAccountRow, 'status' | 'disconnected_at'>>(row: T | null | undefined): row is T {
  return row?.status === 'enabled' && !row.disconnected_at;
}

/** `canReceiveTransfers` as a condition on `payouts.connected_accounts`, for the queries that list such offices. */
export const RECEIVES_TRANSFERS_SQL = `status = 'enabled' and disconnected_at is null`;

export async function connectedAccountOf(em: EntityManager, officeId: string): Promise<ConnectedAccountRow | null> {
  return (await connectedAccountsOf(em, [officeId])).get(officeId) ?? null;
}

/**
 * The office's connection, its row locked (shared) until the caller's transaction ends: a
 * disconnect or a sync waits, so what was read stays true while money is sent on it.
 */
export async function lockConnectedAccount(tx: EntityManager, officeId: string, mode: 'share' | 'update' = 'share'): Promise<ConnectedAccountRow | null> {
  const [row] = await tx.execute<ConnectedAccountRow[]>(`select * from payouts.connected_accounts where office_id = ? for ${mode === 'share' ? 'share' : 'update'}`, [officeId]);
  return row ?? null;
}

/** The connections of many offices at once, by office id (offices never connected are absent). */
export async function connectedAccountsOf(em: EntityManager, officeIds: readonly string[]): Promise<Map<string, ConnectedAccountRow>> {
  if (officeIds.length === 0) return new Map();
  const rows = await em.execute<ConnectedAccountRow[]>(`select * from payouts.connected_accounts where office_id = any(?::uuid[])`, [`{${officeIds.join(',')}}`]);
  return new Map(rows.map((row) => [row.office_id, row]));
}

/**
 * What an office's account can do, from Stripe's own object: enabled once details are submitted,
 * payouts are on, transfers are active and nothing is currently due; otherwise requirements are due.
 */
export function connectionStatusOf(account: Stripe.Account): ConnectedAccountRow['status'] {
  const due = account.requirements?.currently_due?.length ?? 0;
  const enabled = account.details_submitted && account.payouts_enabled && account.capabilities?.transfers === 'active' && due === 0;
  return enabled ? 'enabled' : 'requirements_due';
}

export async function connectedAccountByStripeId(em: EntityManager, stripeAccountId: string): Promise<ConnectedAccountRow | null> {
  const [row] = await em.execute<ConnectedAccountRow[]>(`select * from payouts.connected_accounts where stripe_account_id = ?`, [stripeAccountId]);
  return row ?? null;
}

/**
 * The account removed Pie's access (`account.application.deauthorized`): Pie can no longer reach
 * it, so the office is disconnected as an admin's disconnect does (its earnings stay at Pie), the
 * account is remembered as deauthorized (for good: only a new account brings the office back), and
 * the change is recorded as Stripe's. Null for an account that is not an office's current one (an
 * old one, already replaced). Repeated news changes nothing twice; `newly` is true only for the
 * call that disconnected the office.
 */
export async function markDeauthorized(tx: EntityManager, stripeAccountId: string): Promise<{ row: ConnectedAccountRow; newly: boolean } | null> {
  const [before] = await tx.execute<ConnectedAccountRow[]>(`select * from payouts.connected_accounts where stripe_account_id = ? for update`, [stripeAccountId]);
  if (!before) return null;
  if (before.deauthorized_at) return { row: before, newly: false };
  const now = new Date();
  await tx.execute(`update payouts.connected_accounts set disconnected_at = coalesce(disconnected_at, ?), deauthorized_at = ? where office_id = ?`, [now, now, before.office_id]);
  await tx.execute(`insert into payouts.deauthorized_accounts (stripe_account_id, office_id, deauthorized_at) values (?, ?, ?) on conflict do nothing`, [stripeAccountId, before.office_id, now]);
  await recordChange(tx, before.office_id, 'deauthorized', { kind: 'stripe' }, stripeAccountId);
  // `newly`: this call cut the office off (an admin may have disconnected it before), so it tells the office.
  return { row: (await connectedAccountOf(tx, before.office_id))!, newly: !before.disconnected_at };
}

/** Whether the account ever removed Pie's access (Pie may not ask Stripe anything about it any more). */
export async function isDeauthorizedAccount(em: EntityManager, stripeAccountId: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from payouts.deauthorized_accounts where stripe_account_id = ?`, [stripeAccountId]);
  return rows.length > 0;
}

/** Whether the account replaced a deauthorized one of the office (it is not the office's first). */
export async function isReplacementAccount(em: EntityManager, officeId: string, stripeAccountId: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from payouts.deauthorized_accounts where office_id = ? and replaced_by = ?`, [officeId, stripeAccountId]);
  return rows.length > 0;
}

export interface DeauthorizedAccountRow {
  stripe_account_id: string;
  office_id: string;
  deauthorized_at: Date;
  left_with_account_cents: number | null;
  settled_at: Date | null;
  replaced_by: string | null;
  replaced_at: Date | null;
}

const DEAUTHORIZED_COLUMNS = `stripe_account_id, office_id, deauthorized_at, left_with_account_cents::float8 as left_with_account_cents, settled_at, replaced_by, replaced_at`;

/** The office's accounts that removed Pie's access, oldest first. */
export async function deauthorizedAccountsOf(em: EntityManager, officeId: string): Promise<DeauthorizedAccountRow[]> {
  return em.execute<DeauthorizedAccountRow[]>(`select ${DEAUTHORIZED_COLUMNS} from payouts.deauthorized_accounts where office_id = ? order by deauthorized_at, stripe_account_id`, [officeId]);
}

export async function deauthorizedAccountOf(em: EntityManager, stripeAccountId: string): Promise<DeauthorizedAccountRow | null> {
  const [row] = await em.execute<DeauthorizedAccountRow[]>(`select ${DEAUTHORIZED_COLUMNS} from payouts.deauthorized_accounts where stripe_account_id = ?`, [stripeAccountId]);
  return row ?? null;
}

/** One deauthorized account, locked until the caller's transaction ends (its settlement happens once). */
export async function lockDeauthorizedAccount(tx: EntityManager, stripeAccountId: string): Promise<DeauthorizedAccountRow | null> {
  const [row] = await tx.execute<DeauthorizedAccountRow[]>(`select ${DEAUTHORIZED_COLUMNS} from payouts.deauthorized_accounts where stripe_account_id = ? for update`, [stripeAccountId]);
  return row ?? null;
}

export async function markDeauthorizedSettled(tx: EntityManager, stripeAccountId: string, leftWithAccountCents: number): Promise<void> {
  await tx.execute(`update payouts.deauthorized_accounts set left_with_account_cents = ?, settled_at = ? where stripe_account_id = ? and settled_at is null`, [leftWithAccountCents, new Date(), stripeAccountId]);
}

/**
 * The office's way back after a deauthorization: its connection now names the new Express account
 * (not enabled until Stripe says so), no longer disconnected, with the old account kept in
 * `deauthorized_accounts.replaced_by` and the change recorded with who made it. Only the first of
 * concurrent callers replaces it; the others get null and re-read the row.
 */
export async function replaceDeauthorizedAccount(tx: EntityManager, officeId: string, oldStripeAccountId: string, account: Stripe.Account, by: ConnectionChanger): Promise<ConnectedAccountRow | null> {
  const [row] = await tx.execute<ConnectedAccountRow[]>(
    `update payouts.connected_accounts
        set stripe_account_id = ?, status = ?, details_submitted = ?, payouts_enabled = ?, transfers_active = ?, synced_at = now(),
            disconnected_at = null, deauthorized_at = null, reconnected_at = ?
      where office_id = ? and stripe_account_id = ? and deauthorized_at is not null returning *`,
    [account.id, connectionStatusOf(account), account.details_submitted, account.payouts_enabled, account.capabilities?.transfers === 'active', new Date(), officeId, oldStripeAccountId],
  );
  if (!row) return null;
  await tx.execute(`update payouts.deauthorized_accounts set replaced_by = ?, replaced_at = ? where stripe_account_id = ?`, [account.id, new Date(), oldStripeAccountId]);
  await recordChange(tx, officeId, 'new_account', by, account.id, oldStripeAccountId);
  return row;
}

/** Records the office's new account; a concurrent creator's row wins and is returned (one account per office). */
export async function insertConnectedAccount(em: EntityManager, officeId: string, account: Stripe.Account): Promise<ConnectedAccountRow> {
  await em.execute(
    `insert into payouts.connected_accounts (office_id, stripe_account_id, status, details_submitted, payouts_enabled, transfers_active)
     values (?, ?, ?, ?, ?, ?) on conflict (office_id) do nothing`,
    [officeId, account.id, connectionStatusOf(account), account.details_submitted, account.payouts_enabled, account.capabilities?.transfers === 'active'],
  );
  return (await connectedAccountOf(em, officeId))!;
}

/**
 * Stores what Stripe says about an account now (whatever order the news came in: it is re-read),
 * with the status it had before (the row is locked while it changes, so of two concurrent syncs
 * only one sees a given change).
 */
export async function saveAccountState(em: EntityManager, account: Stripe.Account): Promise<(ConnectedAccountRow & { previous_status: ConnectedAccountRow['status'] }) | null> {
  const [row] = await em.execute<(ConnectedAccountRow & { previous_status: ConnectedAccountRow['status'] })[]>(
    `with before as (select office_id, status from payouts.connected_accounts where stripe_account_id = ? for update)
     update payouts.connected_accounts c
        set status = ?, details_submitted = ?, payouts_enabled = ?, transfers_active = ?, synced_at = now()
       from before where c.office_id = before.office_id
     returning c.*, before.status as previous_status`,
    [account.id, connectionStatusOf(account), account.details_submitted, account.payouts_enabled, account.capabilities?.transfers === 'active'],
  );
  return row ?? null;
}

/** The offices Pie may send money to now (enabled and not disconnected), for the daily transfer sweep. */
export async function connectedOfficeIds(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ office_id: string }[]>(`select office_id from payouts.connected_accounts where ${RECEIVES_TRANSFERS_SQL} order by office_id`);
  return rows.map((row) => row.office_id);
}
