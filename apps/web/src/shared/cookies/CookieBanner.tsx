import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { lazy, Suspense, useLayoutEffect, useRef, type RefObject } from 'react';
import { openCookiePreferences, saveCookieChoice, useCookieConsent } from './consent-store';

/** The dialog loads when first opened: it is not part of any page's first load. */
const CookiePreferencesDialog = lazy(() => import('./CookiePreferencesDialog'));

/** The page's room at its bottom while the banner shows (global.css reads it). */
export const BANNER_SPACE_PROPERTY = '--cookie-banner-space';

/**
 * Keeps `--cookie-banner-space` on the root element equal to the room the docked banner takes
 * (its height and the gap under it): the page reserves that much at its bottom, and scrolling an
 * element into view (focus, links) stops above the banner, so it never covers a button for good.
 */
function useReservedSpace(banner: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = banner.current;
    const root = document.documentElement;
    if (!shown || !element) return;
    const update = () => {
      const gap = Math.max(0, window.innerHeight - element.getBoundingClientRect().bottom);
      root.style.setProperty(BANNER_SPACE_PROPERTY, `${Math.ceil(element.offsetHeight + gap * 2)}px`);
    };
    // A ResizeObserver reports the banner's first size after the browser's own layout, before
    // it paints: measuring here at once would force an extra layout of the whole page.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (observer) observer.observe(element);
    else update();
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(BANNER_SPACE_PROPERTY);
    };
  }, [banner, shown]);
}

/**
 * The cookie banner on every page (spec §1) until the person chooses, and the
 * Cookie Preferences dialog wherever it is opened from.
 */
export function CookieBanner() {
  const { decided, dialogOpen } = useCookieConsent();
  const banner = useRef<HTMLElement>(null);
  useReservedSpace(banner, !decided);
  return (
    <>
      {!decided && (
        <Paper
          component="section"
          ref={banner}
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
