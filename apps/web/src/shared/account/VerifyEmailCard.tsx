import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '../ui';
import type { VerifyEmailState } from './use-verify-email-token';

/** What the verification e-mail's link shows: verifying, verified (log in) or why it failed. */
export function VerifyEmailCard({ state, loginPath }: { state: VerifyEmailState; loginPath: string }) {
  switch (state.status) {
    case 'verifying':
      return (
        <AuthCard title="Verifying your e-mail">
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader aria-hidden="true" />
            <Text>Verifying your e-mail...</Text>
          </Stack>
        </AuthCard>
      );
    case 'verified':
      return (
        <AuthCard title="Your e-mail is verified">
          <Stack gap="md" role="status">
            <Text>Thanks for confirming your address. You can log in now.</Text>
            <Button component={Link} to={loginPath} fullWidth>
              Log in
            </Button>
          </Stack>
        </AuthCard>
      );
    case 'failed':
      return (
        <AuthCard title="We couldn't verify your e-mail">
          <Stack gap="md">
            <Alert color="red" variant="light" role="alert">
              {state.message}
            </Alert>
            <Text size="sm">If you already verified your address, you can log in.</Text>
            <Button component={Link} to={loginPath} variant="light" fullWidth>
              Go to log in
            </Button>
          </Stack>
        </AuthCard>
      );
  }
}
