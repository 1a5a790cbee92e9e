import { useCallback } from 'react';
import {
  ForgotPasswordCard,
  ResetPasswordCard,
  useVerifyEmailToken,
  VerifyEmailCard,
} from '@web/shared/account';
import { getCaptchaToken } from '@web/shared/captcha';
import {
  useArtistForgotPasswordMutation,
  useArtistResetPasswordMutation,
  useArtistVerifyEmailMutation,
} from '../api/artist-auth.api';

/** /auth/for-artists/verify-email/:token. */
export function ArtistVerifyEmail({ token }: { token: string | undefined }) {
  const [verify] = useArtistVerifyEmailMutation();
  const send = useCallback((value: string) => verify(value).unwrap(), [verify]);
  return <VerifyEmailCard state={useVerifyEmailToken(token, send)} loginPath="/for-artists/login" />;
}

/** /for-artists/forgot-password. */
export function ArtistForgotPassword() {
  const [forgotPassword] = useArtistForgotPasswordMutation();
  return (
    <ForgotPasswordCard
      loginPath="/for-artists/login"
      request={async (email) => {
        const recaptchaToken = await getCaptchaToken('forgot_password');
        return (await forgotPassword({ email, recaptchaToken }).unwrap()).message;
      }}
    />
  );
}

/** /auth/for-artists/reset-password/:token. */
export function ArtistResetPassword({ token }: { token: string | undefined }) {
  const [resetPassword] = useArtistResetPasswordMutation();
  return (
    <ResetPasswordCard
      token={token}
      loginPath="/for-artists/login"
      forgotPath="/for-artists/forgot-password"
      reset={async (value, password) => (await resetPassword({ token: value, password }).unwrap()).message}
    />
  );
}
