import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /admin/claims/:id: one claim. */
export function ClaimPage({ id }: { id: string }) {
  return (
    <PageFrame title="Claim" site="Pie admin" back={{ to: '/admin/claims', label: 'Claims' }}>
      <EmptyState
        title="No claim with this id"
        action={
          <Anchor component={Link} to="/admin/claims">
            Back to claims
          </Anchor>
        }
      >
        {`There is no claim with the id ${id}.`}
      </EmptyState>
    </PageFrame>
  );
}
