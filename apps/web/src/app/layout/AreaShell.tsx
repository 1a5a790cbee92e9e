import { Anchor, AppShell, Container, Group, Progress, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet, useNavigation } from 'react-router';

export interface AreaShellProps {
  /** Where the brand links to. */
  home: string;
  /** The brand's accessible name, e.g. 'Pie for artists home'. */
  homeLabel: string;
  /** A word after the brand ('for artists', 'admin'). */
  area: string;
  /** The header's right-hand side (navigation, account actions). */
  actions?: ReactNode;
}

/** The frame of the artist and admin areas: a header, a navigation progress bar and the page. */
export function AreaShell({ home, homeLabel, area, actions }: AreaShellProps) {
  const navigation = useNavigation();
  const navigating = navigation.state !== 'idle';
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppShell.Header withBorder>
        {navigating && (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            pos="absolute"
            top={0}
            left={0}
            right={0}
            aria-label="Loading page"
          />
        )}
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={home} underline="never" aria-label={homeLabel}>
              <Text component="span" fw={800} fz="xl" c="pie.3">
                Pie{' '}
                <Text component="span" fw={500} fz="md" c="dimmed">
                  {area}
                </Text>
              </Text>
            </Anchor>
            {actions}
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
