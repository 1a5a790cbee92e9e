import { EmailTokenParam } from '#pie/contracts';
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

  const parsed = EmailTokenParam.safeParse(token ?? '');

  useEffect(() => {
    if (!token || !parsed.success || sentFor.current === token) return;
    sentFor.current = token;
    verify(token).then(
      () => setOutcome({ token, state: { status: 'verified' } }),
      (error: unknown) =>
        setOutcome({ token, state: { status: 'failed', message: errorMessage(error, VERIFY_FAILED) } }),
    );
  }, [parsed.success, token, verify]);

  if (!parsed.success) {
    return { status: 'failed', message: parsed.error.issues[0]?.message ?? VERIFY_FAILED };
  }
  if (outcome && outcome.token === token) return outcome.state;
  return { status: 'verifying' };
}
