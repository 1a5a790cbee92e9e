import { canReceiveTransfers, type ConnectedAccount } from './connected-accounts.js';

/** The artist's successful claim as the escrow rules need it: which office is paid, since when. */
export interface EscrowPayee {
  officeId: string;
  verifiedAt: Date;
}

type Connection = Pick<ConnectedAccount, 'status' | 'disconnectedAt' | 'reconnectedAt'>;

/**
 * The office an artist's escrow goes to now (DESIGN §8): the payee of the artist's successful
 * claim, once its Stripe account can receive transfers. Null while the money waits: no claim has
 * succeeded, or the office is not enabled at Stripe, or an admin disconnected it.
 */
export function escrowRecipient(payee: EscrowPayee | null, connection: Connection | null): string | null {
  if (!payee || !canReceiveTransfers(connection)) return null;
  return payee.officeId;
}

/**
 * Whether money that has waited in an artist's escrow since before `cutoff` goes back to its fans.
 * Unclaimed: yes. Claimed: only when the payee office has been unable to receive transfers for the
 * whole window — since the latest of the claim's success, its disconnect and its last reconnect —
 * and still is. An office that can receive money keeps the escrow whatever its age (it is released).
 */
export function escrowExpires(payee: EscrowPayee | null, connection: Connection | null, cutoff: Date): boolean {
  if (!payee) return true;
  const moments = [payee.verifiedAt, connection?.disconnectedAt, connection?.reconnectedAt];
  if (canReceiveTransfers(connection)) return false;
  const unableSince = Math.max(...moments.filter((at): at is Date => Boolean(at)).map((at) => new Date(at).getTime()));
  return unableSince < cutoff.getTime();
}
