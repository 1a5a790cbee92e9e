import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { memo, useId } from 'react';
import { Link } from 'react-router';
import { useGetListeningConnectionQuery } from '../api/listening-settings.api';
import { ConnectionStatus } from './ConnectionStatus';
import { ConnectionLoadError, ConnectionLoading } from './ConnectionLoadState';
import { ListeningFrom } from './ListeningFrom';

/** The dashboard's card: where the listening comes from, the streaming connection's status and 'Sync now'. */
export const SyncStatusCard = memo(function SyncStatusCard() {
  const headingId = useId();
  const query = useGetListeningConnectionQuery();

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Spotify sync
        </Title>
        {query.isLoading ? (
          <ConnectionLoading />
        ) : query.isError || !query.data ? (
          <ConnectionLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <>
            <ListeningFrom activity={query.data} />
            <ConnectionStatus
              connection={query.data.connection}
              extra={
                <Anchor component={Link} to="/settings#listening" size="sm">
                  Listening settings
                </Anchor>
              }
            />
          </>
        )}
      </Stack>
    </Paper>
  );
});
