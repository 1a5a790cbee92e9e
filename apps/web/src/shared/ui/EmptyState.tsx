import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** What there is none of, as a person would say it: 'No pies yet'. */
  title: string;
  /** Why, and what will make something appear. */
  children?: ReactNode;
  /** A way forward (a link or button). */
  action?: ReactNode;
  /** The heading level inside the page (2 under the page title, 3 inside a section). */
  order?: 2 | 3;
  /** Without the card frame, e.g. inside a section that already has one. */
  bare?: boolean;
}

/** An honest empty state: a heading, what it means, and what to do next. */
export function EmptyState({ title, children, action, order = 2, bare = false }: EmptyStateProps) {
  const content = (
    <Stack gap="xs" align="center" ta="center" py="lg">
      <Title order={order} size="h3">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" maw={480} component="div">
          {children}
        </Text>
      )}
      {action}
    </Stack>
  );
  if (bare) return content;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      {content}
    </Paper>
  );
}
