import { Button, Code, Container, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse } from 'react-router';
import { GO_TO_HOMEPAGE } from './GeneralErrorScreen';

export const ROUTER_ERROR_TITLE = 'Unexpected Application Error!';

/** The status ('404 Not Found') or the message, and the router's own explanation when it has one. */
export function describeRouteError(error: unknown): { summary: string; detail: string | null } {
  if (isRouteErrorResponse(error)) {
    const summary = `${error.status} ${error.statusText}`.trim();
    // The router's own 404/405/400 carry an Error: 'No route matches URL "/x"', 'You made a POST request…'.
    const internal = (error as { error?: unknown }).error;
    if (internal instanceof Error) return { summary, detail: internal.message };
    if (typeof error.data === 'string' && error.data.trim() !== '') return { summary, detail: error.data };
    return { summary, detail: null };
  }
  if (error instanceof Error) return { summary: error.message, detail: null };
  if (typeof error === 'string') return { summary: error, detail: null };
  return { summary: 'Unknown error', detail: null };
}

/**
 * Spec §2's route failure screen, as React Router's default one reads:
 * 'Unexpected Application Error!' with the status or the message. The router's
 * 404 says 'No route matches URL', its 405 and 400 say what was wrong.
 */
export function RouterDefaultError({ error }: { error: unknown }) {
  const { summary, detail } = describeRouteError(error);
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <title>{`${ROUTER_ERROR_TITLE} · Pie`}</title>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{ROUTER_ERROR_TITLE}</Title>
        <Title order={2} size="h3" fs="italic">
          {summary}
        </Title>
        {detail && (
          <Code block w="100%" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {detail}
          </Code>
        )}
        <Button component="a" href="/">
          {GO_TO_HOMEPAGE}
        </Button>
      </Stack>
    </Container>
  );
}
