import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface SectionProps {
  title: string;
  description?: ReactNode;
  /** Links or buttons beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
  /** Heading level (2 by default). */
  order?: 2 | 3;
}

/** A titled card that is a landmark region named by its heading. */
export function Section({ title, description, actions, children, order = 2 }: SectionProps) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={order} size="h3" id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
