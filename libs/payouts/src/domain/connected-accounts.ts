import type Stripe from 'stripe';
import type { StripeConnectionStatus } from '#pie/contracts';
import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { payoutsDb } from '../db/payouts-db.js';
import type { PayoutsConnectedAccounts } from '../db/tables.generated.js';
import { accountDeauthorized } from './payouts.errors.js';

/** An office's Stripe Express account as Pie keeps it. */
export interface ConnectedAccount {
  officeId: string;
  stripeAccountId: string;
  status: Exclude<StripeConnectionStatus, 'not_connected'>;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  transfersActive: boolean;
  /** Set when an admin disconnected the office: no transfers until it connects again. */
  disconnectedAt: Date | null;
  /** When the office last got its connection back after a disconnect (null: never disconnected). */
  reconnectedAt: Date | null;
  /**
   * The account removed Pie's access (`account.application.deauthorized`): Pie can never reach it
   * again, and only a new account (the office onboards again) brings the office back.
   */
  deauthorizedAt: Date | null;
}

const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** The one mapping of a `payouts.connected_accounts` row. */
function toConnectedAccount(row: Pick<PayoutsConnectedAccounts, 'office_id' | 'stripe_account_id' | 'status'> & { details_submitted: boolean; payouts_enabled: boolean; transfers_active: boolean; disconnected_at: string | null; reconnected_at: string | null; deauthorized_at: string | null }): ConnectedAccount {
  return {
    officeId: row.office_id,
    stripeAccountId: row.stripe_account_id,
    status: row.status,
    detailsSubmitted: row.details_submitted,
    payoutsEnabled: row.payouts_enabled,
    transfersActive: row.transfers_active,
    disconnectedAt: dateOrNull(row.disconnected_at),
    reconnectedAt: dateOrNull(row.reconnected_at),
    deauthorizedAt: dateOrNull(row.deauthorized_at),
  };
}

const ACCOUNT_COLUMNS = ['office_id', 'stripe_account_id', 'status', 'details_submitted', 'payouts_enabled', 'transfers_active', 'disconnected_at', 'reconnected_at', 'deauthorized_at'] as const;
const accountsTable = (em: EntityManager) => payoutsDb(em).selectFrom('payouts.connected_accounts').select(ACCOUNT_COLUMNS);

/**
 * Who changes an office's connection: an admin (back office), the office's own admin (onboarding),
 * or Stripe on the account holder's behalf (a deauthorization: no user of Pie).
 */
export type ConnectionChanger = { kind: 'admin' | 'office'; userId: string } | { kind: 'stripe' };

// Connection times come from the application's clock, as the money paths' do (the escrow-expiry
// window counts from them), not from the database's.

/** Stops transfers to the office (its money stays in its earnings); recorded with who did it. Null: never connected. */
export async function disconnectAccount(tx: EntityManager, officeId: string, by: ConnectionChanger): Promise<{ before: ConnectedAccount; after: ConnectedAccount } | null> {
  const before = await lockConnectedAccount(tx, officeId, 'update');
  if (!before) return null;
  if (!before.disconnectedAt) {
    await payoutsDb(tx).updateTable('payouts.connected_accounts').set({ disconnected_at: new Date() }).where('office_id', '=', officeId).execute();
    await recordChange(tx, officeId, 'disconnected', by, before.stripeAccountId);
  }
  return { before, after: (await connectedAccountOf(tx, officeId))! };
}

/**
 * Undoes a disconnect: the office's Stripe account may receive transfers again once Stripe has it
 * enabled (the caller re-reads it). Recorded with who did it. Null: never connected; a connection
 * that was not disconnected is answered unchanged.
 */
export async function reconnectAccount(tx: EntityManager, officeId: string, by: ConnectionChanger): Promise<{ before: ConnectedAccount; after: ConnectedAccount } | null> {
  const before = await lockConnectedAccount(tx, officeId, 'update');
  if (!before) return null;
  // Pie cannot undo what the account holder did at Stripe: only a new account brings the office back.
  if (before.deauthorizedAt) throw accountDeauthorized();
  if (before.disconnectedAt) {
    await payoutsDb(tx).updateTable('payouts.connected_accounts').set({ disconnected_at: null, reconnected_at: new Date() }).where('office_id', '=', officeId).execute();
    await recordChange(tx, officeId, 'reconnected', by, before.stripeAccountId);
  }
  return { before, after: (await connectedAccountOf(tx, officeId))! };
}

type ConnectionAction = 'disconnected' | 'reconnected' | 'deauthorized' | 'new_account';

async function recordChange(tx: EntityManager, officeId: string, action: ConnectionAction, by: ConnectionChanger, stripeAccountId: string, previousStripeAccountId: string | null = null): Promise<void> {
  await payoutsDb(tx)
    .insertInto('payouts.connection_changes')
    .values({
      office_id: officeId,
      action,
      by_kind: by.kind,
      by_user_id: by.kind === 'stripe' ? null : by.userId,
      stripe_account_id: stripeAccountId,
      previous_stripe_account_id: previousStripeAccountId,
      at: new Date(),
    })
    .execute();
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
  const rows = await payoutsDb(em)
    .selectFrom('payouts.connection_changes')
    .select(['action', 'by_kind', 'by_user_id', 'stripe_account_id', 'previous_stripe_account_id', 'at'])
    .where('office_id', '=', officeId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
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
export function canReceiveTransfers<T extends Pick<ConnectedAccount, 'status' | 'disconnectedAt'>>(account: T | null | undefined): account is T {
  return account?.status === 'enabled' && !account.disconnectedAt;
}

export async function connectedAccountOf(em: EntityManager, officeId: string): Promise<ConnectedAccount | null> {
  return (await connectedAccountsOf(em, [officeId])).get(officeId) ?? null;
}

/**
 * The office's connection, its row locked (shared) until the caller's transaction ends: a
 * disconnect or a sync waits, so what was read stays true while money is sent on it.
 */
export async function lockConnectedAccount(tx: EntityManager, officeId: string, mode: 'share' | 'update' = 'share'): Promise<ConnectedAccount | null> {
  const query = accountsTable(tx).where('office_id', '=', officeId);
  const row = await (mode === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
  return row ? toConnectedAccount(row) : null;
}

/** The connections of many offices at once, by office id (offices never connected are absent). */
export async function connectedAccountsOf(em: EntityManager, officeIds: readonly string[]): Promise<Map<string, ConnectedAccount>> {
  if (officeIds.length === 0) return new Map();
  const rows = await accountsTable(em).where('office_id', 'in', officeIds).execute();
  return new Map(rows.map((row) => [row.office_id, toConnectedAccount(row)]));
}

/**
 * What an office's account can do, from Stripe's own object: enabled once details are submitted,
 * payouts are on, transfers are active and nothing is currently due; otherwise requirements are due.
 */
export function connectionStatusOf(account: Stripe.Account): ConnectedAccount['status'] {
  const due = account.requirements?.currently_due?.length ?? 0;
  const enabled = account.details_submitted && account.payouts_enabled && account.capabilities?.transfers === 'active' && due === 0;
  return enabled ? 'enabled' : 'requirements_due';
}

export async function connectedAccountByStripeId(em: EntityManager, stripeAccountId: string): Promise<ConnectedAccount | null> {
  const row = await accountsTable(em).where('stripe_account_id', '=', stripeAccountId).executeTakeFirst();
  return row ? toConnectedAccount(row) : null;
}

/**
 * The account removed Pie's access (`account.application.deauthorized`): Pie can no longer reach
 * it, so the office is disconnected as an admin's disconnect does (its earnings stay at Pie), the
 * account is remembered as deauthorized (for good: only a new account brings the office back), and
 * the change is recorded as Stripe's. Null for an account that is not an office's current one (an
 * old one, already replaced). Repeated news changes nothing twice; `newly` is true only for the
 * call that disconnected the office.
 */
export async function markDeauthorized(tx: EntityManager, stripeAccountId: string): Promise<{ row: ConnectedAccount; newly: boolean } | null> {
  const locked = await accountsTable(tx).where('stripe_account_id', '=', stripeAccountId).forUpdate().executeTakeFirst();
  if (!locked) return null;
  const before = toConnectedAccount(locked);
  if (before.deauthorizedAt) return { row: before, newly: false };
  const now = new Date();
  await payoutsDb(tx)
    .updateTable('payouts.connected_accounts')
    .set({ disconnected_at: sql<string>`coalesce(disconnected_at, ${now})`, deauthorized_at: now })
    .where('office_id', '=', before.officeId)
    .execute();
  await payoutsDb(tx)
    .insertInto('payouts.deauthorized_accounts')
    .values({ stripe_account_id: stripeAccountId, office_id: before.officeId, deauthorized_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await recordChange(tx, before.officeId, 'deauthorized', { kind: 'stripe' }, stripeAccountId);
  // `newly`: this call cut the office off (an admin may have disconnected it before), so it tells the office.
  return { row: (await connectedAccountOf(tx, before.officeId))!, newly: !before.disconnectedAt };
}

/** Whether the account ever removed Pie's access (Pie may not ask Stripe anything about it any more). */
export async function isDeauthorizedAccount(em: EntityManager, stripeAccountId: string): Promise<boolean> {
  const row = await payoutsDb(em).selectFrom('payouts.deauthorized_accounts').select(sql.lit(1).as('one')).where('stripe_account_id', '=', stripeAccountId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the account replaced a deauthorized one of the office (it is not the office's first). */
export async function isReplacementAccount(em: EntityManager, officeId: string, stripeAccountId: string): Promise<boolean> {
  const row = await payoutsDb(em)
    .selectFrom('payouts.deauthorized_accounts')
    .select(sql.lit(1).as('one'))
    .where('office_id', '=', officeId)
    .where('replaced_by', '=', stripeAccountId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An account that removed Pie's access, and what became of the money it held. */
export interface DeauthorizedAccount {
  stripeAccountId: string;
  officeId: string;
  deauthorizedAt: Date;
  leftWithAccountCents: number | null;
  settledAt: Date | null;
  replacedBy: string | null;
  replacedAt: Date | null;
}

const DEAUTHORIZED_COLUMNS = [
  'stripe_account_id',
  'office_id',
  'deauthorized_at',
  sql<number | null>`left_with_account_cents::float8`.as('left_with_account_cents'),
  'settled_at',
  'replaced_by',
  'replaced_at',
] as const;
const deauthorizedAccounts = (em: EntityManager) => payoutsDb(em).selectFrom('payouts.deauthorized_accounts').select(DEAUTHORIZED_COLUMNS);

/** The one mapping of a `payouts.deauthorized_accounts` row. */
function toDeauthorizedAccount(row: {
  stripe_account_id: string;
  office_id: string;
  deauthorized_at: string;
  left_with_account_cents: number | null;
  settled_at: string | null;
  replaced_by: string | null;
  replaced_at: string | null;
}): DeauthorizedAccount {
  return {
    stripeAccountId: row.stripe_account_id,
    officeId: row.office_id,
    deauthorizedAt: new Date(row.deauthorized_at),
    leftWithAccountCents: row.left_with_account_cents,
    settledAt: dateOrNull(row.settled_at),
    replacedBy: row.replaced_by,
    replacedAt: dateOrNull(row.replaced_at),
  };
}

/** The office's accounts that removed Pie's access, oldest first. */
export async function deauthorizedAccountsOf(em: EntityManager, officeId: string): Promise<DeauthorizedAccount[]> {
  const rows = await deauthorizedAccounts(em).where('office_id', '=', officeId).orderBy('deauthorized_at').orderBy('stripe_account_id').execute();
  return rows.map(toDeauthorizedAccount);
}

export async function deauthorizedAccountOf(em: EntityManager, stripeAccountId: string): Promise<DeauthorizedAccount | null> {
  const row = await deauthorizedAccounts(em).where('stripe_account_id', '=', stripeAccountId).executeTakeFirst();
  return row ? toDeauthorizedAccount(row) : null;
}

/** One deauthorized account, locked until the caller's transaction ends (its settlement happens once). */
export async function lockDeauthorizedAccount(tx: EntityManager, stripeAccountId: string): Promise<DeauthorizedAccount | null> {
  const row = await deauthorizedAccounts(tx).where('stripe_account_id', '=', stripeAccountId).forUpdate().executeTakeFirst();
  return row ? toDeauthorizedAccount(row) : null;
}

export async function markDeauthorizedSettled(tx: EntityManager, stripeAccountId: string, leftWithAccountCents: number): Promise<void> {
  await payoutsDb(tx)
    .updateTable('payouts.deauthorized_accounts')
    .set({ left_with_account_cents: leftWithAccountCents, settled_at: new Date() })
    .where('stripe_account_id', '=', stripeAccountId)
    .where('settled_at', 'is', null)
    .execute();
}

/**
 * The office's way back after a deauthorization: its connection now names the new Express account
 * (not enabled until Stripe says so), no longer disconnected, with the old account kept in
 * `deauthorized_accounts.replaced_by` and the change recorded with who made it. Only the first of
 * concurrent callers replaces it; the others get null and re-read the row.
 */
export async function replaceDeauthorizedAccount(tx: EntityManager, officeId: string, oldStripeAccountId: string, account: Stripe.Account, by: ConnectionChanger): Promise<ConnectedAccount | null> {
  const row = await payoutsDb(tx)
    .updateTable('payouts.connected_accounts')
    .set({
      stripe_account_id: account.id,
      status: connectionStatusOf(account),
      details_submitted: account.details_submitted,
      payouts_enabled: account.payouts_enabled,
      transfers_active: account.capabilities?.transfers === 'active',
      synced_at: sql<string>`now()`,
      disconnected_at: null,
      deauthorized_at: null,
      reconnected_at: new Date(),
    })
    .where('office_id', '=', officeId)
    .where('stripe_account_id', '=', oldStripeAccountId)
    .where('deauthorized_at', 'is not', null)
    .returning(ACCOUNT_COLUMNS)
    .executeTakeFirst();
  if (!row) return null;
  await payoutsDb(tx).updateTable('payouts.deauthorized_accounts').set({ replaced_by: account.id, replaced_at: new Date() }).where('stripe_account_id', '=', oldStripeAccountId).execute();
  await recordChange(tx, officeId, 'new_account', by, account.id, oldStripeAccountId);
  return toConnectedAccount(row);
}

/** Records the office's new account; a concurrent creator's row wins and is returned (one account per office). */
export async function insertConnectedAccount(em: EntityManager, officeId: string, account: Stripe.Account): Promise<ConnectedAccount> {
  await payoutsDb(em)
    .insertInto('payouts.connected_accounts')
    .values({
      office_id: officeId,
      stripe_account_id: account.id,
      status: connectionStatusOf(account),
      details_submitted: account.details_submitted,
      payouts_enabled: account.payouts_enabled,
      transfers_active: account.capabilities?.transfers === 'active',
    })
    .onConflict((oc) => oc.column('office_id').doNothing())
    .execute();
  return (await connectedAccountOf(em, officeId))!;
}

/**
 * Stores what Stripe says about an account now (whatever order the news came in: it is re-read),
 * with the status it had before (the row is locked while it changes, so of two concurrent syncs
 * only one sees a given change).
 */
export async function saveAccountState(em: EntityManager, account: Stripe.Account): Promise<(ConnectedAccount & { previousStatus: ConnectedAccount['status'] }) | null> {
  const row = await payoutsDb(em)
    .with('before', (db) => db.selectFrom('payouts.connected_accounts').select(['office_id', 'status']).where('stripe_account_id', '=', account.id).forUpdate())
    .updateTable('payouts.connected_accounts as c')
    .from('before')
    .set({
      status: connectionStatusOf(account),
      details_submitted: account.details_submitted,
      payouts_enabled: account.payouts_enabled,
      transfers_active: account.capabilities?.transfers === 'active',
      synced_at: sql<string>`now()`,
    })
    .whereRef('c.office_id', '=', 'before.office_id')
    .returning([...ACCOUNT_COLUMNS.map((column) => `c.${column}` as const), 'before.status as previous_status'])
    .executeTakeFirst();
  return row ? { ...toConnectedAccount(row), previousStatus: row.previous_status } : null;
}

/** The offices Pie may send money to now (enabled and not disconnected), for the daily transfer sweep. */
export async function connectedOfficeIds(em: EntityManager): Promise<string[]> {
  // canReceiveTransfers, as a condition on the table.
  const rows = await payoutsDb(em).selectFrom('payouts.connected_accounts').select('office_id').where('status', '=', 'enabled').where('disconnected_at', 'is', null).orderBy('office_id').execute();
  return rows.map((row) => row.office_id);
}
