/**
 * Full-page navigations away from the single-page app (social sign-in, the
 * providers' consent pages, reloading a new version). One object, so tests can
 * replace its methods — jsdom cannot leave or reload the page.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

/** Spec §7: social sign-in carries `deviceType`, mobile or desktop. */
export function detectDeviceType(nav: Pick<Navigator, 'userAgent'> = navigator): 'mobile' | 'desktop' {
  const hints = (nav as { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (typeof hints?.mobile === 'boolean') return hints.mobile ? 'mobile' : 'desktop';
  return /Mobi|Android|iPhone|iPad|iPod/i.test(nav.userAgent) ? 'mobile' : 'desktop';
}
