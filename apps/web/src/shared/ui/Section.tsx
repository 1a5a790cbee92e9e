import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled card on a page: a region named by its h2. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap="xs">
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {actions}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
