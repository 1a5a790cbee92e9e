import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /user/:userID: another fan's public profile. */
export function FanProfilePage() {
  return (
    <PageFrame title="Fan profile" back={{ to: '/dashboard', label: 'Dashboard' }}>
      <EmptyState
        title="No profile to show"
        action={
          <Anchor component={Link} to="/dashboard">
            Back to your dashboard
          </Anchor>
        }
      >
        This fan has no public profile, or it is private. Fans who make their profile public show their top artists
        and tracks here.
      </EmptyState>
    </PageFrame>
  );
}
