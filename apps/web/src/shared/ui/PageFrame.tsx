import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer, type PageWidth } from './PageContainer';

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
  /** The page-width scale: content (default), wide or full. */
  width?: PageWidth;
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
  width = 'content',
  children,
}: PageFrameProps) {
  return (
    <PageContainer width={width} py="xl">
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
    </PageContainer>
  );
}
