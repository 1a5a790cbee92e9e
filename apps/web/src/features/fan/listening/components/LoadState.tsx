import { Alert, Button, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './lists.module.css';
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

/**
 * A list's loading state in the list's own shape (rows of a 40 px picture and two lines), so
 * the page doesn't move when the rows arrive.
 */
export const ListPlaceholder = memo(function ListPlaceholder({ rows, label }: { rows: number; label: string }) {
  return (
    <div className={classes.list} role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={classes.row} aria-hidden="true">
          <span className={classes.avatarBone} />
          <span className={classes.body}>
            <span className={classes.bone} style={{ height: 18, width: '55%', marginBottom: 6 }} />
            <span className={classes.bone} style={{ height: 14, width: '35%' }} />
          </span>
        </div>
      ))}
    </div>
  );
});

/** A page that can't be shown (unknown, private, gone): its title, why, and the way back. */
export function Unavailable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert color="gray" variant="light" role="alert">
        {children}
      </Alert>
      <Button component={Link} to="/dashboard" variant="light" w="fit-content">
        Back to your dashboard
      </Button>
    </Stack>
  );
}
