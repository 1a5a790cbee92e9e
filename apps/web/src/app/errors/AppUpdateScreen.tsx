import { Button, Container, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isChunkLoadError } from './chunk-errors';
import { AUTO_REFRESH_DELAY_MS, mayRefreshAutomatically, refreshApp } from './refresh-app';

export const UPDATE_TEXTS = {
  refreshingTitle: 'Updating App...',
  refreshingBody: 'The app is being updated automatically. Please wait...',
  title: 'App Update Required',
  chunkBody: 'The app has been updated and will refresh automatically.',
  chunkButton: 'Refresh Now',
  otherBody: 'Something went wrong. Please refresh the app.',
  otherButton: 'Refresh App',
} as const;

/**
 * Spec §2/§4's app update screen, shown when code fails to load. Idle, then
 * refreshing: a chunk-load error switches to refreshing at once and, after one
 * second, clears every browser cache and reloads. The button does it now. If
 * this tab already refreshed for a chunk error within the last minute, the
 * screen stays idle and waits for the button (no reload loop).
 */
export function AppUpdateScreen({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  const [automatic] = useState(() => chunk && mayRefreshAutomatically());
  const [refreshing, setRefreshing] = useState(automatic);

  useEffect(() => {
    if (!automatic) return;
    const timer = window.setTimeout(() => void refreshApp(), AUTO_REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [automatic]);

  const refreshNow = () => {
    setRefreshing(true);
    void refreshApp();
  };

  if (refreshing) {
    return (
      <Container size="sm" py={{ base: 'xl', sm: 64 }}>
        <title>{`${UPDATE_TEXTS.refreshingTitle} · Pie`}</title>
        <Stack gap="md" role="status" aria-live="polite">
          <Title order={1}>{UPDATE_TEXTS.refreshingTitle}</Title>
          <Text size="lg">{UPDATE_TEXTS.refreshingBody}</Text>
          <Progress value={100} animated striped size="md" aria-label="Updating the app" />
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <title>{`${UPDATE_TEXTS.title} · Pie`}</title>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{UPDATE_TEXTS.title}</Title>
        <Text size="lg">{chunk ? UPDATE_TEXTS.chunkBody : UPDATE_TEXTS.otherBody}</Text>
        <Button onClick={refreshNow}>{chunk ? UPDATE_TEXTS.chunkButton : UPDATE_TEXTS.otherButton}</Button>
      </Stack>
    </Container>
  );
}
