import type { ClaimStatus } from '#pie/contracts';
import { Badge } from '@mantine/core';

const STATUS: Record<ClaimStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  verifying: { label: 'Verifying', color: 'blue' },
  successful: { label: 'Successful', color: 'teal' },
  rejected: { label: 'Rejected', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return <Badge color={STATUS[status].color} variant="light">{STATUS[status].label}</Badge>;
}
