import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../api';

export const RESEND_VERIFICATION_FAILED = 'We could not send a new link. Please try again in a moment.';

/** Asks the area's API for a new verification link; resolves with the server's (neutral) answer. */
export type ResendVerificationCall = (email: string) => Promise<string | undefined>;

/**
 * "Send the link again" for an address that is not verified yet: on the check-your-inbox screen,
 * under the unverified-login error and in settings. Says what happened, politely, in place.
 */
export function ResendVerification({ email, resend, label = 'Send the link again' }: { email: string; resend: ResendVerificationCall; label?: string }) {
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'failed'; message?: string }>({ status: 'idle' });
  const send = async () => {
    setState({ status: 'sending' });
    try {
      const message = await resend(email);
      setState({ status: 'sent', message: message ?? `We sent a new link to ${email}.` });
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error, RESEND_VERIFICATION_FAILED) });
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="default" onClick={() => void send()} loading={state.status === 'sending'} disabled={state.status === 'sent'}>
        {state.status === 'sent' ? 'Link sent' : label}
      </Button>
      {state.message && (
        <Text size="sm" role={state.status === 'failed' ? 'alert' : 'status'} c={state.status === 'failed' ? 'red.4' : undefined}>
          {state.message}
        </Text>
      )}
    </Stack>
  );
}
