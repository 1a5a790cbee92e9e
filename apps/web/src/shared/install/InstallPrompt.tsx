import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { dismissInstallPrompt, promptInstall, useInstallOffer } from './install-prompt';

function ShareIcon() {
  // iOS's share symbol: a box with an arrow up.
  return (
    <svg width="14" height="16" viewBox="0 0 14 16" aria-hidden="true" style={{ verticalAlign: '-2px' }}>
      <path d="M7 1v9M3.5 4.5 7 1l3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M4.5 7H2v8h10V7H9.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/**
 * The app-install prompt (spec §1), on every page: the browser's install
 * dialog where it offers one, an 'Add to Home Screen' hint on iOS Safari.
 * 'Not now' hides it for good on this device.
 */
export function InstallPrompt() {
  const offer = useInstallOffer();
  if (offer.kind === 'none') return null;
  return (
    <Paper component="section" aria-label="Install Pie" withBorder shadow="lg" p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Text size="sm" fw={600}>
          Install Pie
        </Text>
        <CloseButton size="sm" aria-label="Close the install prompt" onClick={dismissInstallPrompt} />
      </Group>
      {offer.kind === 'prompt' ? (
        <>
          <Text size="sm" mt={4} className="install-prompt-more">
            Add Pie to your device to open your pie in one tap, like any other app.
          </Text>
          <Group gap="sm" justify="flex-end" mt="sm">
            <Button variant="subtle" size="xs" onClick={dismissInstallPrompt}>
              Not now
            </Button>
            <Button size="xs" onClick={() => void promptInstall()}>
              Install
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm" mt={4}>
            To install Pie on your iPhone or iPad, tap Share <ShareIcon /> in Safari, then choose{' '}
            <strong>Add to Home Screen</strong>.
          </Text>
          <Group gap="sm" justify="flex-end" mt="sm">
            <Button variant="subtle" size="xs" onClick={dismissInstallPrompt}>
              Not now
            </Button>
          </Group>
        </>
      )}
    </Paper>
  );
}
