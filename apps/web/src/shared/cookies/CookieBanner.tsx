import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { openCookiePreferences, saveCookieChoice, useCookieConsent } from './consent-store';

/** The dialog loads when first opened: it is not part of any page's first load. */
const CookiePreferencesDialog = lazy(() => import('./CookiePreferencesDialog'));

/**
 * The cookie banner on every page (spec §1) until the person chooses, and the
 * Cookie Preferences dialog wherever it is opened from.
 */
export function CookieBanner() {
  const { decided, dialogOpen } = useCookieConsent();
  return (
    <>
      {!decided && (
        <Paper
          component="section"
          aria-label="Cookie consent"
          className="cookie-banner"
          withBorder
          shadow="lg"
          p={{ base: 'sm', xs: 'md' }}
          radius="md"
        >
          <Text size="sm" mb="xs">
            Pie uses cookies to keep you signed in and your account safe.
            <span className="cookie-banner-more"> With your permission we also use cookies that remember your streaming connection.</span> Read
            more in our{' '}
            <Anchor href="/privacy-policy" target="_blank" rel="noopener noreferrer">
              privacy policy
            </Anchor>
            .
          </Text>
          <Group gap="xs" justify="flex-end" className="cookie-banner-actions">
            <Button variant="subtle" size="sm" onClick={openCookiePreferences}>
              Manage preferences
            </Button>
            <Button variant="default" size="sm" onClick={() => saveCookieChoice({})}>
              Essential only
            </Button>
            <Button
              size="sm"
              onClick={() =>
                saveCookieChoice({ performance: true, advertising: true, social: true, unclassified: true })
              }
            >
              Accept all
            </Button>
          </Group>
        </Paper>
      )}
      {dialogOpen && (
        <Suspense fallback={null}>
          <CookiePreferencesDialog />
        </Suspense>
      )}
    </>
  );
}
