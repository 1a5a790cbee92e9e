import { useRef } from 'react';
import { Outlet } from 'react-router';
import { CookieBanner, useCookieConsent } from '@web/shared/cookies';
import { InstallPrompt } from '@web/shared/install';
import { useBottomDockSpace } from './bottom-dock-space';

/**
 * Above every area: the page and, docked at its bottom, the cookie banner until the person
 * chooses, then the app-install prompt in its place (spec §1: both on every page). One at a time,
 * in one place whose room the page reserves: the prompt never covers a headline or a button, nor
 * the banner.
 */
export function RootLayout() {
  const { decided } = useCookieConsent();
  const dock = useRef<HTMLDivElement>(null);
  useBottomDockSpace(dock);
  return (
    <>
      <Outlet />
      <div className="bottom-dock" ref={dock}>
        {decided && <InstallPrompt />}
        <CookieBanner />
      </div>
    </>
  );
}
