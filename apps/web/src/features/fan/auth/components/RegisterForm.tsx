import { Anchor, Button, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AuthCard, FormAlert, PasswordField, TextField } from '../../../../shared/ui';
import { useRegisterForm } from '../hooks/use-register-form';

function RegistrationSent({ email }: { email: string }) {
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
        No e-mail after a few minutes? Look in your spam folder.
      </Text>
      <Button component={Link} to="/login" fullWidth>
        Go to log in
      </Button>
    </Stack>
  );
}

/** The fan registration screen's card: the form, then the "check your e-mail" state. */
export function RegisterForm() {
  const { form, isSubmitting, submitError, registeredEmail, canSubmit } = useRegisterForm();

  if (registeredEmail) {
    return (
      <AuthCard title="Almost there">
        <RegistrationSent email={registeredEmail} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" lead="Fund the artists you actually listen to.">
      <form noValidate onSubmit={form.handleSubmit} aria-busy={isSubmitting} aria-label="Create account">
        <Stack gap="md">
          <FormAlert message={submitError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextField
              label="First name"
              required
              autoComplete="given-name"
              {...form.getFieldProps('firstName')}
            />
            <TextField
              label="Last name"
              required
              autoComplete="family-name"
              {...form.getFieldProps('lastName')}
            />
          </SimpleGrid>
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
            autoComplete="new-password"
            description="At least 8 characters."
            {...form.getFieldProps('password')}
          />
          <PasswordField
            label="Confirm password"
            required
            autoComplete="new-password"
            {...form.getFieldProps('repeatPassword')}
          />
          <Button
            type="submit"
            fullWidth
            disabled={!canSubmit}
            leftSection={isSubmitting ? <Loader size={16} color="currentColor" aria-hidden="true" /> : undefined}
          >
            {isSubmitting ? 'Creating account...' : 'Create account'}
          </Button>
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
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
