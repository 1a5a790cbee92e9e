import { Badge } from '@mantine/core';
import type { PayoutStatus } from '../api/types';

const LOOK: Record<PayoutStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  in_transit: { label: 'On its way', color: 'yellow' },
  paid: { label: 'Paid', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  canceled: { label: 'Cancelled', color: 'gray' },
};

/** A payout's state in words (light badges: the dark theme's contrast holds). */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const look = LOOK[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={look.color} variant="light">
      {look.label}
    </Badge>
  );
}
