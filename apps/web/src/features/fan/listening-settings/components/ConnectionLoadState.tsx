import { Alert, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { errorMessage } from '@web/shared/api';

/**
 * Shaped like the status that replaces it (badge line, a detail line, the buttons), so the
 * cards and sections below it stay where they are.
 */
export function ConnectionLoading() {
  return (
    <Stack gap="sm" role="status" aria-live="polite">
      <Group gap="sm" mih={30}>
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Checking your Spotify connection...</Text>
      </Group>
      <Skeleton height={16} width="60%" aria-hidden="true" />
      <Skeleton height={36} width={120} aria-hidden="true" />
    </Stack>
  );
}

export function ConnectionLoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error, 'Your listening status could not be loaded.')}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
