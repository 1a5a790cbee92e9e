import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '../ui';
import type { VerifyEmailState } from './use-verify-email-token';

/**
 * What the verification e-mail's link shows: verifying, verified (log in) or why it failed.
 * The page's heading stays the same while the link is checked and the outcome is said inside the
 * card: a heading that changed with the outcome changed its number of lines on a phone and moved
 * the card under the reader. Each outcome is its own block (`key`), drawn new rather than moved.
 */
export function VerifyEmailCard({ state, loginPath }: { state: VerifyEmailState; loginPath: string }) {
  return (
    <AuthCard title="E-mail verification">
      {state.status === 'verifying' && (
        <Stack key="verifying" align="center" gap="sm" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <Text>Verifying your e-mail...</Text>
        </Stack>
      )}
      {state.status === 'verified' && (
        <Stack key="verified" gap="md" role="status">
          <Title order={2} size="h3">
            Your e-mail is verified
          </Title>
          <Text>Thanks for confirming your address. You can log in now.</Text>
          <Button component={Link} to={loginPath} fullWidth>
            Log in
          </Button>
        </Stack>
      )}
      {state.status === 'failed' && (
        <Stack key="failed" gap="md">
          <Title order={2} size="h3">
            We couldn't verify your e-mail
          </Title>
          <Alert color="red" variant="light" role="alert">
            {state.message}
          </Alert>
          <Text size="sm">If you already verified your address, you can log in.</Text>
          <Button component={Link} to={loginPath} variant="light" fullWidth>
            Go to log in
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
