import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';
import { PieRules } from './PieRules';

/** /pie: the fan's current pie, and its rules. */
export function PiePage() {
  return (
    <PageFrame title="Your pie" description="The pie you fund this period and where it is going.">
      <EmptyState title="No pies yet">
        <Text c="dimmed">
          You have no active pie. When you fund one, it appears here with the artists it is being split among, live
          as you listen. Read how it works below or in{' '}
          <Anchor component={Link} to="/help">
            Help
          </Anchor>
          .
        </Text>
      </EmptyState>
      <PieRules />
    </PageFrame>
  );
}
