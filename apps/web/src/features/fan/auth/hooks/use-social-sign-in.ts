import type { SocialProvider } from '#pie/contracts';
import { useEffect, useState } from 'react';
import { browserLocation, detectDeviceType } from '@web/shared/browser';
import { getCaptchaToken } from '@web/shared/captcha';
import { PROVIDERS, socialFailureMessage } from '@web/shared/social';
import type { PromoCode } from '../api/types';

/** Spec §7: the browser goes to the provider's sign-in redirect with its query. */
export function socialSignInUrl(
  provider: SocialProvider,
  options: { recaptchaToken?: string; deviceType: 'mobile' | 'desktop'; promo?: PromoCode },
): string {
  const query = new URLSearchParams();
  if (options.recaptchaToken) query.set('recaptchaToken', options.recaptchaToken);
  query.set('deviceType', options.deviceType);
  if (options.promo) query.set('promo', options.promo);
  return `/api/auth/${PROVIDERS[provider].loginPath}?${query}`;
}

/**
 * Social sign-in: a captcha token for the provider's action, then a full
 * page navigation to the redirect. A failure shows spec §8's text and stops
 * the loading state.
 */
export function useSocialSignIn({ promo }: { promo?: PromoCode } = {}) {
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Coming back with the browser's Back button restores this page as it was
  // left (loading): make the buttons usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = async (provider: SocialProvider) => {
    if (pending) return;
    setPending(provider);
    setError(null);
    try {
      const recaptchaToken = await getCaptchaToken(PROVIDERS[provider].captchaAction);
      browserLocation.assign(socialSignInUrl(provider, { recaptchaToken, deviceType: detectDeviceType(), promo }));
    } catch (failure) {
      console.error(failure);
      setError(socialFailureMessage(provider));
      setPending(null);
    }
  };

  return { start, pending, error };
}
