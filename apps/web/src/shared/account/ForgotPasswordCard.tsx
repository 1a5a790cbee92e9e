import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api';
import { AuthCard, FormAlert, SubmitButton, TextField, useForm } from '../ui';
import { emailFormSchema } from './schemas';

/** The server's answer, whether or not the address has an account (no enumeration). */
export const FORGOT_PASSWORD_SENT = 'If an account exists for this e-mail, we sent it a link to reset the password.';
export const FORGOT_PASSWORD_FAILED = 'We could not send the link. Please try again.';

export interface ForgotPasswordCardProps {
  /** Sends the request; resolves with the server's message. */
  request: (email: string) => Promise<string | undefined>;
  /** Where 'Back to log in' goes. */
  loginPath: string;
}

/** 'Forgot your password?': an e-mail field, then the same neutral confirmation for every address. */
export function ForgotPasswordCard({ request, loginPath }: ForgotPasswordCardProps) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const form = useForm({
    initialValues: { email: '' },
    schema: emailFormSchema,
    onSubmit: async ({ email }) => {
      if (sending) return;
      setSending(true);
      setFailure(null);
      try {
        const message = await request(email);
        setSent({ email, message: message ?? FORGOT_PASSWORD_SENT });
      } catch (error) {
        setFailure(error instanceof Error && error.message ? error.message : errorMessage(error, FORGOT_PASSWORD_FAILED));
      } finally {
        setSending(false);
      }
    },
  });

  useEffect(() => {
    if (sent) heading.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <AuthCard title="Check your e-mail">
        <Stack gap="md" role="status">
          <Title order={2} size="h4" ref={heading} tabIndex={-1}>
            Reset link requested for {sent.email}
          </Title>
          <Text>{sent.message}</Text>
          <Text c="dimmed" size="sm">
            The link works once. No e-mail after a few minutes? Look in your spam folder, or{' '}
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                setSent(null);
                form.reset();
              }}
            >
              try another address
            </Anchor>
            .
          </Text>
          <Button component={Link} to={loginPath} fullWidth>
            Back to log in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" lead="Enter your e-mail and we will send you a link to choose a new one.">
      <form noValidate onSubmit={form.handleSubmit} aria-busy={sending} aria-label="Forgot password">
        <Stack gap="md">
          <FormAlert message={failure} />
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            {...form.getFieldProps('email')}
          />
          <SubmitButton label="Send reset link" pendingLabel="Sending..." pending={sending} />
          <Text size="sm">
            Remembered it?{' '}
            <Anchor component={Link} to={loginPath}>
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
