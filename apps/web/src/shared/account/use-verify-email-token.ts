import { EMAIL_TOKEN_INVALID, EMAIL_TOKEN_PATTERN } from '#pie/contracts';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api';

export type VerifyEmailState =
  | { status: 'verifying' }
  | { status: 'verified' }
  | { status: 'failed'; message: string };

export const VERIFY_FAILED =
  'We could not verify your e-mail. The link may have expired or been used already.';

/**
 * Sends the e-mail link's token once per token (React's development double
 * effects included), and reports verifying, verified or failed. `verify`
 * must keep its identity between renders (an RTK Query trigger does).
 */
export function useVerifyEmailToken(
  token: string | undefined,
  verify: (token: string) => Promise<unknown>,
): VerifyEmailState {
  const [outcome, setOutcome] = useState<{ token: string; state: VerifyEmailState } | null>(null);
  const sentFor = useRef<string | null>(null);

  const wellFormed = EMAIL_TOKEN_PATTERN.test(token ?? '');

  useEffect(() => {
    if (!token || !wellFormed || sentFor.current === token) return;
    sentFor.current = token;
    verify(token).then(
      () => setOutcome({ token, state: { status: 'verified' } }),
      (error: unknown) =>
        setOutcome({ token, state: { status: 'failed', message: errorMessage(error, VERIFY_FAILED) } }),
    );
  }, [wellFormed, token, verify]);

  if (!wellFormed) {
    return { status: 'failed', message: EMAIL_TOKEN_INVALID };
  }
  if (outcome && outcome.token === token) return outcome.state;
  return { status: 'verifying' };
}
