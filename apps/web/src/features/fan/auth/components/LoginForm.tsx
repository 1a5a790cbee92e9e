import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { LoginCard } from '../../../../shared/account';
import { useLoginForm } from '../hooks/use-login-form';
import { SocialSignInButtons } from './SocialSignInButtons';

/** The fan login screen: social sign-in, then e-mail and password. Shows `?error=` from a sign-in round trip. */
export function LoginForm() {
  const state = useLoginForm();
  const [params] = useSearchParams();
  return (
    <LoginCard
      title="Log in"
      lead="Welcome back to Pie."
      state={state}
      notice={params.get('error')}
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
