import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../../shared/api';

export function ConnectionLoading() {
  return (
    <Group gap="sm" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm">Checking your Spotify connection...</Text>
    </Group>
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
