import { Button, Stack, Text } from '@mantine/core';
import { signInErrorText } from '#pie/contracts';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminRedirectConsumed, adminSessionConfirmed } from '@web/shared/session';
import { AuthCard, FormAlert, PageLoader } from '@web/shared/ui';
import { useAdminDestination } from '../hooks/use-admin-login';

export const GOOGLE_SIGN_IN_INCOMPLETE = 'Google sign-in could not be completed. Please try again.';

/**
 * /admin/auth/google/callback: where Google sign-in ends. `?status=success`
 * means the server set the admin session: on to the dashboard (or where the
 * guard sent the admin from). `?error=<code>` says why it failed, in our words.
 */
export function GoogleCallback() {
  const [params] = useSearchParams();
  const success = params.get('status') === 'success';
  const error = params.get('error');
  const destination = useAdminDestination();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    // Only once, on arrival (consuming the redirect changes `destination`).
    if (!success || handled.current) return;
    handled.current = true;
    dispatch(adminSessionConfirmed());
    dispatch(adminRedirectConsumed());
    void navigate(destination, { replace: true });
  }, [destination, dispatch, navigate, success]);

  if (success) return <PageLoader label="Signing you in..." />;

  return (
    <AuthCard title="Google sign-in failed">
      <Stack gap="md">
        <FormAlert message={error ? signInErrorText(error) : GOOGLE_SIGN_IN_INCOMPLETE} />
        <Text size="sm">Only Google accounts that belong to a Pie admin can sign in here.</Text>
        <Button component={Link} to="/admin" fullWidth>
          Back to admin sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
