import { EMAIL_TOKEN_INVALID, EMAIL_TOKEN_PATTERN } from '#pie/contracts';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api';
import { AuthCard, FormAlert, SubmitButton, useForm } from '../ui';
import { NewPasswordFields } from './NewPasswordFields';
import { newPasswordFormSchema } from './schemas';

export const RESET_PASSWORD_DONE = 'Your password has been changed. Log in with the new one.';
export const RESET_PASSWORD_FAILED = 'We could not change your password. Please try again.';

export interface ResetPasswordCardProps {
  /** The token from the e-mail link's path. */
  token: string | undefined;
  /** Sends the new password; resolves with the server's message. */
  reset: (token: string, password: string) => Promise<string | undefined>;
  loginPath: string;
  /** Where to ask for a new link. */
  forgotPath: string;
}

/** The landing point of the reset e-mail's link: a new password, twice. */
export function ResetPasswordCard({ token, reset, loginPath, forgotPath }: ResetPasswordCardProps) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const tokenWellFormed = EMAIL_TOKEN_PATTERN.test(token ?? '');

  const form = useForm({
    initialValues: { password: '', repeatPassword: '' },
    schema: newPasswordFormSchema,
    onSubmit: async ({ password }) => {
      if (saving || !token) return;
      setSaving(true);
      setFailure(null);
      try {
        setDone((await reset(token, password)) ?? RESET_PASSWORD_DONE);
      } catch (error) {
        setFailure(errorMessage(error, RESET_PASSWORD_FAILED));
      } finally {
        setSaving(false);
      }
    },
  });

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (!tokenWellFormed) {
    return (
      <AuthCard title="Reset your password">
        <Stack gap="md">
          <FormAlert message={EMAIL_TOKEN_INVALID} />
          <Text size="sm">Ask for a new link and use the newest e-mail we send you.</Text>
          <Button component={Link} to={forgotPath} variant="light" fullWidth>
            Request a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Password changed">
        <Stack gap="md" role="status" ref={doneRef} tabIndex={-1}>
          <Text>{done}</Text>
          <Button component={Link} to={loginPath} fullWidth>
            Log in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" lead="Changing it signs you out on every device.">
      <form noValidate onSubmit={form.handleSubmit} aria-busy={saving} aria-label="Reset password">
        <Stack gap="md">
          <FormAlert message={failure} />
          {failure && (
            <Text size="sm">
              Link expired or already used?{' '}
              <Anchor component={Link} to={forgotPath}>
                Request a new link
              </Anchor>
            </Text>
          )}
          <NewPasswordFields fieldProps={form.getFieldProps} label="New password" />
          <SubmitButton label="Reset password" pendingLabel="Resetting password..." pending={saving} />
        </Stack>
      </form>
    </AuthCard>
  );
}
