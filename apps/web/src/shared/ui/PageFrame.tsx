import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface PageFrameProps {
  /** The page's h1. */
  title: string;
  /** The document title (defaults to the h1), before ' · <site>'. */
  documentTitle?: string;
  /** ' · Pie', ' · Pie for artists', ' · Pie admin'. */
  site?: string;
  /** A line under the title. */
  description?: ReactNode;
  /** A link back up, e.g. to the list a detail page belongs to. */
  back?: { to: string; label: string };
  /** Beside the title (buttons). */
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}

/** The frame of a screen: the title (and document title), an optional way back, then the content. */
export function PageFrame({
  title,
  documentTitle,
  site = 'Pie',
  description,
  back,
  actions,
  size = 'md',
  children,
}: PageFrameProps) {
  return (
    <Container size={size} py="xl">
      <title>{`${documentTitle ?? title} · ${site}`}</title>
      <Stack gap="xl">
        <Stack gap="xs">
          {back && (
            <Anchor component={Link} to={back.to} size="sm">
              {`← ${back.label}`}
            </Anchor>
          )}
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Title order={1}>{title}</Title>
            {actions}
          </Group>
          {description && (
            <Text c="dimmed" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
