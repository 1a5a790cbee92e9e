import { ForgotPasswordCard, ResetPasswordCard } from '@web/shared/account';
import { getCaptchaToken } from '@web/shared/captcha';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../api/auth.api';

/** /forgot-password: asks for a reset link (captcha action `forgot_password`). */
export function FanForgotPassword() {
  const [forgotPassword] = useForgotPasswordMutation();
  return (
    <ForgotPasswordCard
      loginPath="/login"
      request={async (email) => {
        const recaptchaToken = await getCaptchaToken('forgot_password');
        return (await forgotPassword({ email, recaptchaToken }).unwrap()).message;
      }}
    />
  );
}

/** /auth/fans/reset-password/:token: a new password for the fan. */
export function FanResetPassword({ token }: { token: string | undefined }) {
  const [resetPassword] = useResetPasswordMutation();
  return (
    <ResetPasswordCard
      token={token}
      loginPath="/login"
      forgotPath="/forgot-password"
      reset={async (value, password) => (await resetPassword({ token: value, password }).unwrap()).message}
    />
  );
}
