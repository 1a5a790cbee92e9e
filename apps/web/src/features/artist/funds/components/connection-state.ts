import type { MonthlyFeeCheckView } from '../api/types';
import { formatDate } from '@web/shared/format';

/** What the office's connection means for its money: Stripe's status, unless Pie disconnected it. */
export type ConnectionState = MonthlyFeeCheckView['status'] | 'disconnected';

export function connectionStateOf(check: MonthlyFeeCheckView): ConnectionState {
  return check.disconnectedAt ? 'disconnected' : check.status;
}

/** Spoken the same way in office settings and on Funds. */
export const CONNECTION: Record<ConnectionState, { label: string; color: string; text: (check: MonthlyFeeCheckView) => string; action: string }> = {
  not_connected: {
    label: 'Not connected',
    color: 'gray',
    text: () => 'Connect a Stripe account to receive your artists’ earnings and pay them out to your bank. Until then, the money waits with Pie.',
    action: 'Connect Stripe',
  },
  requirements_due: {
    label: 'Requirements due',
    color: 'yellow',
    // Also what a restricted account shows: Stripe asks for details before it sends money again.
    text: () => 'Stripe needs more details before it can send money to this account, so transfers wait. Continue the setup with Stripe.',
    action: 'Continue with Stripe',
  },
  enabled: {
    label: 'Enabled',
    color: 'teal',
    text: () => 'Your Stripe account receives transfers from Pie and pays out to your bank.',
    action: 'Continue with Stripe',
  },
  disconnected: {
    label: 'Disconnected',
    color: 'red',
    text: (check) =>
      `This office's Stripe account was disconnected on ${formatDate(check.disconnectedAt!)}. Pie sends it no money until it is connected again; your earnings wait with Pie meanwhile. An office admin connects it again through Stripe.`,
    action: 'Connect Stripe again',
  },
};
