import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /artist-invite/:token: an invitation for an artist to claim their money on Pie. */
export function ArtistInvitePage() {
  return (
    <PageFrame title="Artist invitation" description="Pie invites artists whose fans are already funding them.">
      <EmptyState
        title="This invitation is not valid"
        action={
          <Group gap="sm" justify="center">
            <Button component={Link} to="/for-artists">
              Pie for artists
            </Button>
          </Group>
        }
      >
        The link may have expired or been used already. Ask the person who invited you for a new one, or create an
        artist account and claim your profile yourself.
      </EmptyState>
    </PageFrame>
  );
}
