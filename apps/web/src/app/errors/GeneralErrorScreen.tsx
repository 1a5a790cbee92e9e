import { Button, Container, Stack, Text, Title } from '@mantine/core';

export const GENERAL_ERROR_TITLE = 'Something went wrong';
export const GENERAL_ERROR_BODY =
  "We're sorry, but an error occurred. Our team has been notified and we're working to fix it.";
export const GO_TO_HOMEPAGE = 'Go to Homepage';

export interface GeneralErrorScreenProps {
  /** Where 'Go to Homepage' leads: the site root unless the area has its own. */
  home?: string;
  /** Runs instead of following the link (the error boundary resets, then leaves). */
  onGoHome?: () => void;
}

/**
 * Spec §2's general error screen. 'Go to Homepage' is a full page load: after
 * an error, a fresh start is the safest.
 */
export function GeneralErrorScreen({ home = '/', onGoHome }: GeneralErrorScreenProps) {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <title>{`${GENERAL_ERROR_TITLE} · Pie`}</title>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{GENERAL_ERROR_TITLE}</Title>
        <Text size="lg">{GENERAL_ERROR_BODY}</Text>
        <Button
          component="a"
          href={home}
          onClick={
            onGoHome
              ? (event) => {
                  event.preventDefault();
                  onGoHome();
                }
              : undefined
          }
        >
          {GO_TO_HOMEPAGE}
        </Button>
      </Stack>
    </Container>
  );
}
