import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /pie/:pieId: a pie its fan chose to share. */
export function PublicPiePage() {
  return (
    <PageFrame title="A shared pie">
      <EmptyState
        title="No pie to show"
        action={
          <Button component={Link} to="/" variant="default">
            What is Pie?
          </Button>
        }
      >
        This pie does not exist or is not shared. A shared pie shows how a fan&apos;s pie was split among the artists
        they listened to.
      </EmptyState>
    </PageFrame>
  );
}
