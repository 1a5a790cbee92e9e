import { VerifyEmailCard } from '@web/shared/account';
import { useVerifyEmail } from '../hooks/use-verify-email';

/** The landing point of the fan verification e-mail's link. */
export function VerifyEmailStatus({ token }: { token: string | undefined }) {
  return <VerifyEmailCard state={useVerifyEmail(token)} loginPath="/login" />;
}
