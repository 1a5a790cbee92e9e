import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConnectSpotify } from '../hooks/use-connect-spotify';
import { useSyncNow } from '../hooks/use-sync-now';
import { syncStatus, type ListeningConnection } from '../sync-status';

const BADGE_COLOR = { connected: 'teal', broken: 'red', off: 'gray' } as const;

/** The connection's state, 'Sync now' while connected, 'Connect/Reconnect Spotify' otherwise. */
export function ConnectionStatus({ connection, extra }: { connection: ListeningConnection; extra?: ReactNode }) {
  const view = syncStatus(connection);
  const { sync, syncing, notice } = useSyncNow();
  const { connect, connecting, error: connectError } = useConnectSpotify();

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Badge color={BADGE_COLOR[view.tone]} variant="light" size="lg">
          {view.badge}
        </Badge>
        <Text fw={600}>{view.title}</Text>
      </Group>
      <Stack gap={2}>
        {view.details.map((line) => (
          <Text key={line} size="sm" c={view.tone === 'broken' ? undefined : 'dimmed'}>
            {line}
          </Text>
        ))}
      </Stack>
      <Group gap="sm" wrap="wrap">
        {view.canSync && (
          <Button onClick={() => void sync()} loading={syncing} variant="light">
            Sync now
          </Button>
        )}
        {view.connectLabel && (
          <Button onClick={() => void connect()} loading={connecting}>
            {view.connectLabel}
          </Button>
        )}
        {extra}
      </Group>
      <div aria-live="polite">
        {notice && (
          <Alert color={notice.kind === 'success' ? 'teal' : 'red'} variant="light" role={notice.kind === 'success' ? 'status' : 'alert'}>
            {notice.text}
          </Alert>
        )}
      </div>
      {connectError && (
        <Alert color="red" variant="light" role="alert">
          {connectError}
        </Alert>
      )}
    </Stack>
  );
}
