import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /admin/fans/:id: one fan. */
export function FanPage({ id }: { id: string }) {
  return (
    <PageFrame title="Fan" site="Pie admin" back={{ to: '/admin/fans', label: 'Fans' }}>
      <EmptyState
        title="No fan with this id"
        action={
          <Anchor component={Link} to="/admin/fans">
            Back to fans
          </Anchor>
        }
      >
        {`There is no fan with the id ${id}.`}
      </EmptyState>
    </PageFrame>
  );
}
