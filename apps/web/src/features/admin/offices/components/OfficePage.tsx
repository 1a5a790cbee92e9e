import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /admin/offices/:id: one office. */
export function OfficePage({ id }: { id: string }) {
  return (
    <PageFrame title="Office" site="Pie admin" back={{ to: '/admin/offices', label: 'Offices' }}>
      <EmptyState
        title="No office with this id"
        action={
          <Anchor component={Link} to="/admin/offices">
            Back to offices
          </Anchor>
        }
      >
        {`There is no office with the id ${id}.`}
      </EmptyState>
    </PageFrame>
  );
}
