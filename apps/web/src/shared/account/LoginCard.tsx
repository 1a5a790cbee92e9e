import { Anchor, Group, Stack } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, errorStatus } from '../api';
import { getCaptchaToken } from '../captcha';
import { ResendVerification, type ResendVerificationCall } from './ResendVerification';
import { AuthCard, FormAlert, PasswordField, SubmitButton, TextField, useForm } from '../ui';
import { loginFormSchema } from './schemas';

export const LOGIN_FAILED = 'Login failed. Please try again.';

export interface LoginCredentials {
  email: string;
  password: string;
  /** The server asks for it after many wrong passwords for one account (instead of locking its owner out). */
  recaptchaToken?: string;
}

/** A login form's state; `submit` logs in and moves on, or rejects with the reason. */
export function useLoginFormState({ submit }: { submit: (credentials: LoginCredentials) => Promise<void> }) {
  const [isSubmitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The login was refused because the e-mail is not verified yet (403): offer a new link to it.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const form = useForm({
    initialValues: { email: '', password: '' },
    schema: loginFormSchema,
    onSubmit: async (output) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      setSubmitError(null);
      setUnverifiedEmail(null);
      try {
        // Invisible (v3): costs the person nothing, and keeps them in after someone else's many wrong guesses.
        const recaptchaToken = await getCaptchaToken('login').catch(() => undefined);
        await submit({ email: output.email, password: output.password, ...(recaptchaToken ? { recaptchaToken } : {}) });
      } catch (error) {
        setSubmitError(errorMessage(error, LOGIN_FAILED));
        if (errorStatus(error) === 403) setUnverifiedEmail(output.email);
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
  });

  return { form, isSubmitting, submitError, unverifiedEmail };
}

export type LoginFormState = ReturnType<typeof useLoginFormState>;

export interface LoginCardProps {
  title: string;
  lead?: ReactNode;
  state: LoginFormState;
  /** What the page arrived with (e.g. why a sign-in round trip failed), until the form says more. */
  notice?: ReactNode;
  /** Sends a new verification link when the login is refused for an unverified e-mail. */
  resendVerification?: ResendVerificationCall;
  /** Above the form: other ways to sign in. */
  before?: ReactNode;
  /** Under the button: links to register and elsewhere. */
  footer?: ReactNode;
  /** Where 'Forgot password?' goes; no link without it. */
  forgotPath?: string;
  submitLabel?: string;
  pendingLabel?: string;
}

/** The e-mail and password sign-in card of every area (spec §5 login texts). */
export function LoginCard({
  title,
  lead,
  state,
  notice,
  resendVerification,
  before,
  footer,
  forgotPath,
  submitLabel = 'Log in',
  pendingLabel = 'Logging in...',
}: LoginCardProps) {
  const { form, isSubmitting, submitError, unverifiedEmail } = state;
  return (
    <AuthCard title={title} lead={lead}>
      <Stack gap="lg">
        {!submitError && notice}
        {before}
        <form noValidate onSubmit={form.handleSubmit} aria-busy={isSubmitting} aria-label={title}>
          <Stack gap="md">
            <FormAlert message={submitError} />
            {unverifiedEmail && resendVerification && <ResendVerification email={unverifiedEmail} resend={resendVerification} />}
            <TextField
              label="Email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              {...form.getFieldProps('email')}
            />
            <PasswordField
              label="Password"
              required
              autoComplete="current-password"
              {...form.getFieldProps('password')}
            />
            {forgotPath && (
              <Group justify="flex-end" mt={-8}>
                <Anchor component={Link} to={forgotPath} size="sm">
                  Forgot password?
                </Anchor>
              </Group>
            )}
            <SubmitButton label={submitLabel} pendingLabel={pendingLabel} pending={isSubmitting} />
            {footer}
          </Stack>
        </form>
      </Stack>
    </AuthCard>
  );
}
