import type { SocialPlatform } from '#pie/contracts';
import type { AppConfig } from '#pie/platform';

/** Where each platform sends the browser back (registered with the platform's app). */
export function socialCallbackUrl(config: AppConfig, platform: SocialPlatform): string {
  return new URL(`/api/for-artists/claims/verify-social/callback/${platform}`, config.PUBLIC_URL).toString();
}
