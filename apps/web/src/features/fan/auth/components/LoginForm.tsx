import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoginCard, SignInReturnNotice, useReturnParams } from '@web/shared/account';
import { useLoginForm } from '../hooks/use-login-form';
import { useResendVerification } from '../hooks/use-resend-verification';
import { SocialSignInButtons } from './SocialSignInButtons';

const RETURN_PARAMS = ['error'] as const;

/** The fan login screen: social sign-in, then e-mail and password. Says why a sign-in round trip came back (`?error=<code>`). */
export function LoginForm() {
  const state = useLoginForm();
  const { error } = useReturnParams(RETURN_PARAMS);
  return (
    <LoginCard
      title="Log in"
      lead="Welcome back to Pie."
      state={state}
      notice={<SignInReturnNotice code={error} />}
      resendVerification={useResendVerification()}
      before={<SocialSignInButtons />}
      forgotPath="/forgot-password"
      footer={
        <Text size="sm">
          New to Pie?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>
        </Text>
      }
    />
  );
}
