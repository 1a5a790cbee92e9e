import { Anchor, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert, SubmitButton, TextField } from '../ui';
import { NewPasswordFields } from './NewPasswordFields';
import { ResendVerification, type ResendVerificationCall } from './ResendVerification';
import type { RegistrationFormState } from './use-registration-form';

export interface RegistrationFormProps {
  state: RegistrationFormState;
  /** The form's accessible name. */
  ariaLabel?: string;
  /** Links under the form (log in, other ways to register). */
  footer?: ReactNode;
}

/** Spec §5's registration form: names, e-mail, password twice, the terms links next to the button. */
export function RegistrationForm({ state, ariaLabel = 'Create account', footer }: RegistrationFormProps) {
  const { form, isSubmitting, submitError, canSubmit } = state;
  return (
    <form noValidate onSubmit={form.handleSubmit} aria-busy={isSubmitting} aria-label={ariaLabel}>
      <Stack gap="md">
        <FormAlert message={submitError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextField label="First name" required autoComplete="given-name" {...form.getFieldProps('firstName')} />
          <TextField label="Last name" required autoComplete="family-name" {...form.getFieldProps('lastName')} />
        </SimpleGrid>
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          {...form.getFieldProps('email')}
        />
        <NewPasswordFields fieldProps={form.getFieldProps} />
        <SubmitButton
          label="Create account"
          pendingLabel="Creating account..."
          pending={isSubmitting}
          disabled={!canSubmit}
        />
        <Text size="sm" c="dimmed">
          By creating an account you agree to the{' '}
          <Anchor component={Link} to="/terms" target="_blank" rel="noopener">
            Terms of Service
          </Anchor>{' '}
          and the{' '}
          <Anchor component={Link} to="/privacy-policy" target="_blank" rel="noopener">
            Privacy Policy
          </Anchor>
          .
        </Text>
        {footer}
      </Stack>
    </form>
  );
}

/** After registering: ask the person to open the link in their e-mail. */
export function RegistrationSent({ email, loginPath, resend }: { email: string; loginPath: string; resend?: ResendVerificationCall }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md" role="status">
      <Title order={2} size="h3" ref={heading} tabIndex={-1}>
        Check your e-mail
      </Title>
      <Text>
        We sent a link to <strong>{email}</strong>. Open it to verify your address, then log in.
      </Text>
      <Text c="dimmed" size="sm">
        No e-mail after a few minutes? Look in your spam folder, or ask for a new link.
      </Text>
      {resend && <ResendVerification email={email} resend={resend} />}
      <Button component={Link} to={loginPath} fullWidth>
        Go to log in
      </Button>
    </Stack>
  );
}
