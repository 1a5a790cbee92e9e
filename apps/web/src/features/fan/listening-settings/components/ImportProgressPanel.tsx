import type { ImportProgress } from '#pie/contracts';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { importProgressView } from '../import-progress';

/** The worker's progress on an upload: a bar with rows processed and plays added. */
export function ImportProgressPanel({ progress }: { progress: ImportProgress }) {
  const view = importProgressView(progress);
  if (view.state === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" title={view.title}>
        {view.detail}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text fw={600}>{view.title}</Text>
      <Progress value={view.percent} size="lg" animated={view.state === 'running'} color={view.state === 'done' ? 'teal' : 'pie'} aria-label="Import progress" />
      <Text size="sm" role="status">
        {`${view.percent}% · ${view.detail}`}
      </Text>
    </Stack>
  );
}
