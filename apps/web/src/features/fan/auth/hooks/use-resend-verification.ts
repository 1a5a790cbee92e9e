import { useCallback } from 'react';
import type { ResendVerificationCall } from '@web/shared/account';
import { getCaptchaToken } from '@web/shared/captcha';
import { useResendVerificationMutation } from '../api/auth.api';

/** A new verification link for a fan's address (captcha action `resend_verification`). */
export function useResendVerification(): ResendVerificationCall {
  const [resend] = useResendVerificationMutation();
  return useCallback(
    async (email: string) => {
      const recaptchaToken = await getCaptchaToken('resend_verification');
      return (await resend({ email, recaptchaToken }).unwrap()).message;
    },
    [resend],
  );
}
