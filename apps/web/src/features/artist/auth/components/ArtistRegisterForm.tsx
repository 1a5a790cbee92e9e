import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RegistrationForm, RegistrationSent, useRegistrationForm } from '@web/shared/account';
import { getCaptchaToken } from '@web/shared/captcha';
import { AuthCard } from '@web/shared/ui';
import { useArtistRegisterMutation } from '../api/artist-auth.api';
import { useArtistResendVerification } from '../hooks/use-artist-resend-verification';

/** /for-artists/register: the fan registration's fields and texts (spec §5), captcha `artist_register`. */
export function ArtistRegisterForm() {
  const [register] = useArtistRegisterMutation();
  const resend = useArtistResendVerification();
  const state = useRegistrationForm({
    submit: async (details) => {
      const recaptchaToken = await getCaptchaToken('artist_register');
      await register({ ...details, accepted_terms_and_conditions: true, recaptchaToken }).unwrap();
    },
  });

  if (state.registeredEmail) {
    return (
      <AuthCard title="Almost there">
        <RegistrationSent email={state.registeredEmail} loginPath="/for-artists/login" resend={resend} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your artist account"
      lead="Claim your artist profile and receive what your fans send you."
    >
      <RegistrationForm
        state={state}
        ariaLabel="Create artist account"
        footer={
          <Text size="sm">
            Already have an artist account?{' '}
            <Anchor component={Link} to="/for-artists/login">
              Log in
            </Anchor>
          </Text>
        }
      />
    </AuthCard>
  );
}
