import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /for-artists/team/:memberId: one member of the office. */
export function TeamMemberPage() {
  return (
    <PageFrame title="Team member" site="Pie for artists" back={{ to: '/for-artists/team', label: 'Team' }}>
      <EmptyState
        title="No team member with this id"
        action={
          <Anchor component={Link} to="/for-artists/team">
            Back to your team
          </Anchor>
        }
      >
        This person is not a member of your team. The members of your team are listed under Team.
      </EmptyState>
    </PageFrame>
  );
}
