import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /artist/:id: an artist's public page. */
export function PublicArtistPage() {
  return (
    <PageFrame title="Artist" back={{ to: '/', label: 'Pie' }}>
      <EmptyState
        title="No artist details to show"
        action={
          <Anchor component={Link} to="/">
            Go to Pie
          </Anchor>
        }
      >
        We have no details for this artist. Artists appear on Pie once fans listen to them; their page shows their top
        tracks and how many fans fund them.
      </EmptyState>
    </PageFrame>
  );
}
