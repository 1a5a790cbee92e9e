import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /admin/user-artists/:id: one artist user. */
export function UserArtistPage({ id }: { id: string }) {
  return (
    <PageFrame title="Artist user" site="Pie admin" back={{ to: '/admin/user-artists', label: 'Artist users' }}>
      <EmptyState
        title="No artist user with this id"
        action={
          <Anchor component={Link} to="/admin/user-artists">
            Back to artist users
          </Anchor>
        }
      >
        {`There is no artist user with the id ${id}.`}
      </EmptyState>
    </PageFrame>
  );
}
