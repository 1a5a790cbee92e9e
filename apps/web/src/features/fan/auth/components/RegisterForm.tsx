import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { RegistrationForm, RegistrationSent } from '../../../../shared/account';
import { AuthCard, FormAlert } from '../../../../shared/ui';
import { useRegisterForm } from '../hooks/use-register-form';
import { SocialSignInButtons } from './SocialSignInButtons';

/** The fan registration screen: social sign-up, the e-mail form, then "check your e-mail". */
export function RegisterForm() {
  const state = useRegisterForm();
  const [params] = useSearchParams();
  const returnError = params.get('error');

  if (state.registeredEmail) {
    return (
      <AuthCard title="Almost there">
        <RegistrationSent email={state.registeredEmail} loginPath="/login" />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" lead="Fund the artists you actually listen to.">
      <Stack gap="lg">
        {!state.submitError && <FormAlert message={returnError} />}
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
