import { useCallback } from 'react';
import { useVerifyEmailToken, type VerifyEmailState } from '@web/shared/account';
import { useVerifyEmailMutation } from '../api/auth.api';

export { VERIFY_FAILED, type VerifyEmailState } from '@web/shared/account';

/** Sends the fan's e-mail link token once, and reports verifying, verified or failed. */
export function useVerifyEmail(token: string | undefined): VerifyEmailState {
  const [verify] = useVerifyEmailMutation();
  const send = useCallback((value: string) => verify(value).unwrap(), [verify]);
  return useVerifyEmailToken(token, send);
}
