import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard, FormAlert, PasswordField, TextField } from '../../../../shared/ui';
import { useLoginForm } from '../hooks/use-login-form';

/** The fan login screen's card. */
export function LoginForm() {
  const { form, isSubmitting, submitError } = useLoginForm();

  return (
    <AuthCard title="Log in" lead="Welcome back to Pie.">
      <form noValidate onSubmit={form.handleSubmit} aria-busy={isSubmitting} aria-label="Log in">
        <Stack gap="md">
          <FormAlert message={submitError} />
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
          <Button
            type="submit"
            fullWidth
            disabled={isSubmitting}
            leftSection={isSubmitting ? <Loader size={16} color="currentColor" aria-hidden="true" /> : undefined}
          >
            {isSubmitting ? 'Logging in...' : 'Log in'}
          </Button>
          <Text size="sm">
            New to Pie?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
