import { Outlet } from 'react-router';
import { CookieBanner } from '../../shared/cookies';
import { InstallPrompt } from '../../shared/install';

/**
 * Above every area: the page, the cookie banner docked at the bottom and the
 * app-install prompt at the top right (spec §1: both on every page). Each has
 * its own fixed place, so one appearing never moves the other (no layout shift).
 */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <div className="install-dock">
        <InstallPrompt />
      </div>
      <div className="bottom-dock">
        <CookieBanner />
      </div>
    </>
  );
}
