import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '@web/shared/ui';

/** A claim's page when there is no such claim for this artist. */
export function ClaimNotFound({ title }: { title: string }) {
  return (
    <PageFrame title={title} site="Pie for artists" back={{ to: '/for-artists/artists', label: 'Your artists' }}>
      <EmptyState
        title="No claim with this id"
        action={
          <Anchor component={Link} to="/for-artists/artists">
            See your artists
          </Anchor>
        }
      >
        You have no claim with this id. Claims you make are listed under Your artists, with their status and the money
        waiting for the artist.
      </EmptyState>
    </PageFrame>
  );
}
