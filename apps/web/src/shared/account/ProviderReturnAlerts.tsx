import { Alert, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { providerLabel } from '../social';

/**
 * What a provider's round trip came back with: `?linked=<provider>` (linked)
 * or `?error=<message>`. Dismissing an alert removes its parameter, so a
 * reload does not show it again.
 */
export function ProviderReturnAlerts() {
  const [params, setParams] = useSearchParams();
  const linked = params.get('linked');
  const error = params.get('error');
  if (!linked && !error) return null;

  const dismiss = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="sm">
      {linked && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          title="Account linked"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => dismiss('linked')}
        >
          {`${providerLabel(linked)} is now linked to your account. You can use it to sign in.`}
        </Alert>
      )}
      {error && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="Linking did not work"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => dismiss('error')}
        >
          {error}
        </Alert>
      )}
    </Stack>
  );
}
