import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /admin/artists/:id: one artist. */
export function ArtistPage({ id }: { id: string }) {
  return (
    <PageFrame title="Artist" site="Pie admin" back={{ to: '/admin/artists', label: 'Artists' }}>
      <EmptyState
        title="No artist with this id"
        action={
          <Anchor component={Link} to="/admin/artists">
            Back to artists
          </Anchor>
        }
      >
        {`There is no artist with the id ${id}.`}
      </EmptyState>
    </PageFrame>
  );
}
