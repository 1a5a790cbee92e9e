import { useCallback } from 'react';
import type { ResendVerificationCall } from '@web/shared/account';
import { getCaptchaToken } from '@web/shared/captcha';
import { useArtistResendVerificationMutation } from '../api/artist-auth.api';

/** A new verification link for an artist's address (captcha action `resend_verification`). */
export function useArtistResendVerification(): ResendVerificationCall {
  const [resend] = useArtistResendVerificationMutation();
  return useCallback(
    async (email: string) => {
      const recaptchaToken = await getCaptchaToken('resend_verification');
      return (await resend({ email, recaptchaToken }).unwrap()).message;
    },
    [resend],
  );
}
