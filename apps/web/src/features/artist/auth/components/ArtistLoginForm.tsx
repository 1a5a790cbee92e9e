import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoginCard } from '@web/shared/account';
import { useArtistLogin } from '../hooks/use-artist-login';
import { useArtistResendVerification } from '../hooks/use-artist-resend-verification';

/** /for-artists/login. */
export function ArtistLoginForm() {
  const state = useArtistLogin();
  const resend = useArtistResendVerification();
  return (
    <LoginCard
      title="Artist log in"
      lead="For artists, managers and their teams."
      state={state}
      resendVerification={resend}
      forgotPath="/for-artists/forgot-password"
      footer={
        <Text size="sm">
          New to Pie for artists?{' '}
          <Anchor component={Link} to="/for-artists/register">
            Create an artist account
          </Anchor>
        </Text>
      }
    />
  );
}
