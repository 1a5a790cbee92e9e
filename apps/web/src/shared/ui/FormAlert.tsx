import { Alert } from '@mantine/core';

/** A form-level error (e.g. the server's message), announced when it appears. */
export function FormAlert({ message, title }: { message: string | null | undefined; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {message}
    </Alert>
  );
}
