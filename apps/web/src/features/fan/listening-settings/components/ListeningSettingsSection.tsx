import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useGetListeningConnectionQuery } from '../api/listening-settings.api';
import { ConnectionLoadError, ConnectionLoading } from './ConnectionLoadState';
import { ConnectionStatus } from './ConnectionStatus';
import { ExportUpload } from './ExportUpload';
import { ScrobbleSources } from './ScrobbleSources';

/** The anchor the dashboard links to: /settings#listening. */
export const LISTENING_SECTION_ID = 'listening';

/**
 * Settings › Listening: the Spotify connection (status, last sync, broken with the reason,
 * 'Sync now', 'Connect Spotify'), the scrobbling services (Last.fm, ListenBrainz) and the upload of the Spotify data export with its progress.
 */
export function ListeningSettingsSection() {
  const headingId = useId();
  const connectionHeadingId = useId();
  const uploadHeadingId = useId();
  const scrobblesHeadingId = useId();
  const query = useGetListeningConnectionQuery();

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" id={LISTENING_SECTION_ID} aria-labelledby={headingId}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            Listening
          </Title>
          <Text c="dimmed">Your pie follows the music you listen to. Pie learns it from Spotify, from your Spotify data export, and from Last.fm or ListenBrainz, which keep what any player scrobbles.</Text>
        </Stack>
        {query.isLoading ? (
          <ConnectionLoading />
        ) : query.isError || !query.data ? (
          <ConnectionLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <>
            <Stack gap="sm" component="section" aria-labelledby={connectionHeadingId}>
              <Title order={3} size="h4" id={connectionHeadingId}>
                Spotify connection
              </Title>
              <ConnectionStatus connection={query.data.connection} />
            </Stack>
            <Divider />
            <Stack gap="sm" component="section" aria-labelledby={scrobblesHeadingId}>
              <Title order={3} size="h4" id={scrobblesHeadingId}>
                Scrobbling services
              </Title>
              <Text size="sm" c="dimmed">
                Listen on Apple Music, YouTube Music, Deezer, Tidal or any player that scrobbles? Connect the service that keeps your history.
              </Text>
              <ScrobbleSources />
            </Stack>
            <Divider />
            <Stack gap="sm" component="section" aria-labelledby={uploadHeadingId}>
              <Title order={3} size="h4" id={uploadHeadingId}>
                Upload your Spotify data export
              </Title>
              <ExportUpload latestImport={query.data.latest_import} />
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
