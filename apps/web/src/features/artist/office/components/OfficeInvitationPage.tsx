import { Button, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /for-artists/office-invitation/:officeId?token=…: an invitation to join an artist's team. */
export function OfficeInvitationPage() {
  const [params] = useSearchParams();
  const hasToken = (params.get('token') ?? '').trim() !== '';
  return (
    <PageFrame title="Team invitation" site="Pie for artists" description="Join an artist's team on Pie.">
      <EmptyState
        title={hasToken ? 'This invitation is not valid' : 'This invitation link is incomplete'}
        action={
          <Group gap="sm" justify="center">
            <Button component={Link} to="/for-artists/login">
              Log in
            </Button>
            <Button component={Link} to="/for-artists" variant="default">
              Pie for artists
            </Button>
          </Group>
        }
      >
        {hasToken
          ? 'The invitation may have expired, been withdrawn or been used already. Ask the office admin who invited you to send it again.'
          : 'The link has no invitation code. Open the link from your invitation e-mail again, in full.'}
      </EmptyState>
    </PageFrame>
  );
}
