import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForNewVersion } from './chunk-errors';

function AppUpdate() {
  const [refreshing, setRefreshing] = useState(true);

  useEffect(() => {
    // Spec §4: after one second, clear the caches and reload.
    const timer = window.setTimeout(() => {
      void reloadForNewVersion().then((reloaded) => {
        if (!reloaded) setRefreshing(false);
      });
    }, 1000);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Container size="sm" py="xl">
      <title>{`App Update Required · Pie`}</title>
      <Stack gap="md" role="status">
        <Title order={1}>{refreshing ? 'Updating App...' : 'App Update Required'}</Title>
        <Text>
          {refreshing
            ? 'The app is being updated automatically. Please wait...'
            : 'The app has been updated and will refresh automatically.'}
        </Text>
        <Button w="fit-content" onClick={() => void reloadForNewVersion(true)}>
          Refresh Now
        </Button>
      </Stack>
    </Container>
  );
}

/** The router's error element: 'Something went wrong', or the app update screen for stale chunks. */
export function RouteErrorPage() {
  const error = useRouteError();

  useEffect(() => {
    // Frontend telemetry is off (spec §4): the console is the report.
    console.error(error);
  }, [error]);

  if (isChunkLoadError(error)) return <AppUpdate />;

  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : null;

  return (
    <Container size="sm" py="xl">
      <title>{`Something went wrong · Pie`}</title>
      <Stack gap="md" role="alert">
        <Title order={1}>Something went wrong</Title>
        <Text>We're sorry, but an error occurred. Please try again, or go back to the homepage.</Text>
        {detail && (
          <Text c="dimmed" size="sm">
            {detail}
          </Text>
        )}
        <Button component={Link} to="/" reloadDocument w="fit-content">
          Go to Homepage
        </Button>
      </Stack>
    </Container>
  );
}
