import type { SocialProvider } from '#pie/contracts';
import type { CaptchaAction } from '../captcha';

export interface ProviderInfo {
  /** The name people know the provider by (X, not Twitter). */
  label: string;
  /** The name spec §8's failure text uses. */
  failureName: string;
  /** The fan sign-in redirect under /api/auth. */
  loginPath: string;
  /** The captcha action of the sign-in redirect (spec §7). */
  captchaAction: CaptchaAction;
}

export const PROVIDERS: Record<SocialProvider, ProviderInfo> = {
  spotify: { label: 'Spotify', failureName: 'Spotify', loginPath: 'loginSpotify', captchaAction: 'spotify_login' },
  google: { label: 'Google', failureName: 'Google', loginPath: 'loginGoogle', captchaAction: 'google_login' },
  twitter: { label: 'X', failureName: 'Twitter', loginPath: 'loginTwitter', captchaAction: 'twitter_login' },
  facebook: {
    label: 'Facebook',
    failureName: 'Facebook',
    loginPath: 'loginFacebookFan',
    captchaAction: 'facebook_login',
  },
};

export function providerLabel(provider: string): string {
  return provider in PROVIDERS ? PROVIDERS[provider as SocialProvider].label : provider;
}

/** Spec §8: the social sign-in failure text, naming the provider. */
export function socialFailureMessage(provider: SocialProvider): string {
  return `Failed to initialize ${PROVIDERS[provider].failureName} registration. Please try again.`;
}

/** Small monochrome brand marks; decorative (the button's text names the provider). */
export function ProviderIcon({ provider, size = 18 }: { provider: SocialProvider; size?: number }) {
  const common = {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    'aria-hidden': true,
    focusable: false,
  } as const;
  switch (provider) {
    case 'spotify':
      return (
        <svg {...common} fill="none">
          <circle cx="12" cy="12" r="11" fill="#1ed760" />
          <path
            d="M6.5 9.2c3.8-1.1 8-.8 11.2 1M7.2 12.4c3.1-.9 6.5-.6 9.2.9M7.8 15.4c2.4-.6 5-.4 7.1.7"
            stroke="#121212"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      );
    case 'google':
      return (
        <svg {...common} fill="currentColor">
          <path d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3Z" />
          <path d="M12 22c2.7 0 5-.9 6.6-2.5l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22Z" />
          <path d="M6.4 13.9a6 6 0 0 1 0-3.8V7.5H3.1a10 10 0 0 0 0 9l3.3-2.6Z" />
          <path d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.8 9.4 6 12 6Z" />
        </svg>
      );
    case 'twitter':
      return (
        <svg {...common} fill="currentColor">
          <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
        </svg>
      );
    case 'facebook':
      return (
        <svg {...common} fill="currentColor">
          <path d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z" />
        </svg>
      );
  }
}
