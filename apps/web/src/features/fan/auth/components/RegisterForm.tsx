import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RegistrationForm, RegistrationSent, SignInReturnNotice, useReturnParams } from '@web/shared/account';
import { AuthCard } from '@web/shared/ui';
import { useResendVerification } from '../hooks/use-resend-verification';
import { useRegisterForm } from '../hooks/use-register-form';
import { SocialSignInButtons } from './SocialSignInButtons';

const RETURN_PARAMS = ['error'] as const;

/** The fan registration screen: social sign-up, the e-mail form, then "check your e-mail". */
export function RegisterForm() {
  const state = useRegisterForm();
  const { error: returnError } = useReturnParams(RETURN_PARAMS);
  const resend = useResendVerification();

  if (state.registeredEmail) {
    return (
      <AuthCard title="Almost there">
        <RegistrationSent email={state.registeredEmail} loginPath="/login" resend={resend} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" lead="Fund the artists you actually listen to.">
      <Stack gap="lg">
        {!state.submitError && <SignInReturnNotice code={returnError} />}
        <SocialSignInButtons />
        <RegistrationForm
          state={state}
          footer={
            <Text size="sm">
              Already have an account?{' '}
              <Anchor component={Link} to="/login">
                Log in
              </Anchor>
            </Text>
          }
        />
      </Stack>
    </AuthCard>
  );
}
