import { Anchor, AppShell, Container, Group, Progress, Text } from '@mantine/core';
import { useSelector } from 'react-redux';
import { Link, Outlet, useNavigation } from 'react-router';
import { selectSessionStatus } from '../../shared/session';

/** The shared layout of the fan area: a header, a navigation progress bar and the page. */
export function FanLayout() {
  const navigation = useNavigation();
  const status = useSelector(selectSessionStatus);
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
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to="/" underline="never" aria-label="Pie home">
              <Text component="span" fw={800} fz="xl" c="pie.3">
                Pie
              </Text>
            </Anchor>
            {status === 'authenticated' && (
              <Group gap="md" component="nav" aria-label="Your account">
                <Anchor component={Link} to="/dashboard" underline="hover">
                  Dashboard
                </Anchor>
                <Anchor component={Link} to="/settings" underline="hover">
                  Settings
                </Anchor>
              </Group>
            )}
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
