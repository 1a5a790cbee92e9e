import type Stripe from 'stripe';
import type { StripeConnectionStatus } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';

export interface ConnectedAccountRow {
  office_id: string;
  stripe_account_id: string;
  status: Exclude<StripeConnectionStatus, 'not_connected'>;
  details_submitted: boolean;
  payouts_enabled: boolean;
  transfers_active: boolean;
  /** Set when an admin disconnected the office: no transfers until it connects again. */
  disconnected_at: Date | null;
}

/** Whether Pie may send the office money now: Stripe enabled the account and no admin disconnected it. */
export function canReceiveTransfers(row: ConnectedAccountRow | null): row is ConnectedAccountRow {
  return row?.status === 'enabled' && !row.disconnected_at;
}

export async function connectedAccountOf(em: EntityManager, officeId: string): Promise<ConnectedAccountRow | null> {
  return (await connectedAccountsOf(em, [officeId])).get(officeId) ?? null;
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

/** Records the office's new account; a concurrent creator's row wins and is returned (one account per office). */
export async function insertConnectedAccount(em: EntityManager, officeId: string, account: Stripe.Account): Promise<ConnectedAccountRow> {
  await em.execute(
    `insert into payouts.connected_accounts (office_id, stripe_account_id, status, details_submitted, payouts_enabled, transfers_active)
     values (?, ?, ?, ?, ?, ?) on conflict (office_id) do nothing`,
    [officeId, account.id, connectionStatusOf(account), account.details_submitted, account.payouts_enabled, account.capabilities?.transfers === 'active'],
  );
  return (await connectedAccountOf(em, officeId))!;
}

/** Stores what Stripe says about an account now (whatever order the news came in: it is re-read). */
export async function saveAccountState(em: EntityManager, account: Stripe.Account): Promise<ConnectedAccountRow | null> {
  const [row] = await em.execute<ConnectedAccountRow[]>(
    `update payouts.connected_accounts
        set status = ?, details_submitted = ?, payouts_enabled = ?, transfers_active = ?, synced_at = now()
      where stripe_account_id = ? returning *`,
    [connectionStatusOf(account), account.details_submitted, account.payouts_enabled, account.capabilities?.transfers === 'active', account.id],
  );
  return row ?? null;
}

/** The offices Pie may send money to now (enabled and not disconnected), for the daily transfer sweep. */
export async function connectedOfficeIds(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ office_id: string }[]>(`select office_id from payouts.connected_accounts where status = 'enabled' and disconnected_at is null order by office_id`);
  return rows.map((row) => row.office_id);
}
