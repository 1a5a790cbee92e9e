import type { ListeningActivity } from '#pie/contracts';
import { List, Stack, Text } from '@mantine/core';
import { useGetListeningSourcesQuery } from '../api/listening-settings.api';
import { listeningFrom } from '../listening-from';

/**
 * The dashboard card's first line: where the fan's listening comes from, with each scrobbling
 * service's last read. Until the services answer (or if they cannot), Spotify and uploads alone.
 */
export function ListeningFrom({ activity }: { activity: ListeningActivity }) {
  const sources = useGetListeningSourcesQuery();
  const view = listeningFrom(activity.connection, sources.data ?? [], activity.latest_import);
  return (
    <Stack gap={4}>
      <Text fw={600}>{view.headline}</Text>
      {view.lines.length > 0 && (
        <List size="sm" c="dimmed" aria-label="Scrobbling services">
          {view.lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
