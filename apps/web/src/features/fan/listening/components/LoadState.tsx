import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../../shared/api';

/** A section's loading line, announced politely. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status" aria-live="polite" py="md">
      <Loader size="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </Group>
  );
}

export interface ErrorBlockProps {
  error: unknown;
  /** Shown when the server gave no message. */
  fallback: string;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load: the server's message (or the fallback) and a retry. */
export function ErrorBlock({ error, fallback, title, onRetry, retrying }: ErrorBlockProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error, fallback)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** A section with nothing to show yet, said plainly. */
export function EmptyBlock({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" py="sm">
      {children}
    </Text>
  );
}
