import { Button, Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { LoginCard } from '@web/shared/account';
import { browserLocation } from '@web/shared/browser';
import { ProviderIcon } from '@web/shared/social';
import { useAdminLogin } from '../hooks/use-admin-login';
import { ADMIN_GOOGLE_SIGN_IN } from '../paths';

/** /admin: the back office's sign-in, by password or with Google (admin accounts only). */
export function AdminLoginForm() {
  const state = useAdminLogin();
  const [leaving, setLeaving] = useState(false);
  return (
    <LoginCard
      title="Admin sign in"
      lead="The Pie back office. Admin accounts only."
      state={state}
      submitLabel="Sign in"
      pendingLabel="Signing in..."
      before={
        <Stack gap="sm">
          <Button
            variant="default"
            fullWidth
            leftSection={<ProviderIcon provider="google" />}
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              browserLocation.assign(ADMIN_GOOGLE_SIGN_IN);
            }}
          >
            Sign in with Google
          </Button>
          <Divider label="or use your e-mail" labelPosition="center" my="xs" />
        </Stack>
      }
    />
  );
}
