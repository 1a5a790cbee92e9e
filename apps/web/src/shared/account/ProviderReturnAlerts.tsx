import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { signInErrorText } from '#pie/contracts';
import { PROVIDERS } from '../social';
import { useReturnParams } from './use-return-params';

const RETURN_PARAMS = ['linked', 'error'] as const;

/**
 * What a provider's link round trip came back with: `?linked=<provider>` or `?error=<code>`,
 * both shown in our own words (an unknown provider or code never reaches the page as text).
 * The parameters leave the address on arrival; dismissing an alert hides it.
 */
export function ProviderReturnAlerts() {
  const { linked, error } = useReturnParams(RETURN_PARAMS);
  const [dismissed, setDismissed] = useState<{ linked?: boolean; error?: boolean }>({});
  const linkedProvider = linked && Object.hasOwn(PROVIDERS, linked) ? PROVIDERS[linked as keyof typeof PROVIDERS].label : null;
  const errorText = signInErrorText(error);
  const showLinked = linkedProvider && !dismissed.linked;
  const showError = errorText && !dismissed.error;
  if (!showLinked && !showError) return null;

  return (
    <Stack gap="sm">
      {showLinked && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          title="Account linked"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDismissed((current) => ({ ...current, linked: true }))}
        >
          {`${linkedProvider} is now linked to your account. You can use it to sign in.`}
        </Alert>
      )}
      {showError && (
        <Alert
          color={error === 'cancelled' ? 'gray' : 'red'}
          variant="light"
          role={error === 'cancelled' ? 'status' : 'alert'}
          title={error === 'cancelled' ? 'Linking cancelled' : 'Linking did not work'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDismissed((current) => ({ ...current, error: true }))}
        >
          {errorText}
        </Alert>
      )}
    </Stack>
  );
}
