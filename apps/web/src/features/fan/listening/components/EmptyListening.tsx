import type { ImportProgress } from '#pie/contracts';
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

/** Where the listening settings live (the section has this id on the settings page). */
export const LISTENING_SETTINGS_PATH = '/settings#listening';

/** The dashboard before any play arrived: how to get listening into Pie. */
export function EmptyListening({ latestImport }: { latestImport: ImportProgress | null }) {
  const headingId = useId();
  const importing = latestImport && ['queued', 'processing'].includes(latestImport.status);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          No listening yet
        </Title>
        {importing ? (
          <Text role="status">
            {`Your upload ${latestImport.file_name} is being imported (${latestImport.percent}%). Your figures appear here as soon as it is done.`}
          </Text>
        ) : (
          <Text>Pie shares your pie among the artists you actually listen to, so it needs your listening first. Two ways to bring it in:</Text>
        )}
        <List spacing="xs">
          <List.Item>
            <Text span fw={600}>
              Connect Spotify
            </Text>
            {': new plays arrive on their own, every hour or so, from the moment you connect.'}
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Upload your Spotify data export
            </Text>
            {': the StreamingHistory files from your account privacy page bring months of history at once.'}
          </List.Item>
        </List>
        <Group gap="sm">
          <Button component={Link} to={LISTENING_SETTINGS_PATH}>
            Set up listening in Settings
          </Button>
          <Anchor component={Link} to="/history">
            Your history
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
