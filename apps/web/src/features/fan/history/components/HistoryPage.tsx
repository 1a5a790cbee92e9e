import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /history: what the fan listened to. */
export function HistoryPage() {
  return (
    <PageFrame title="Listening history" description="The plays that decide how your pie is split.">
      <EmptyTable
        caption="Recent plays"
        columns={['Track', 'Artists', 'Played at', 'Listened']}
        emptyTitle="No listening history yet"
      />
      <Text size="sm" c="dimmed">
        Connect your streaming account in{' '}
        <Anchor component={Link} to="/settings">
          Settings
        </Anchor>{' '}
        and your plays appear here as they are imported.
      </Text>
    </PageFrame>
  );
}
