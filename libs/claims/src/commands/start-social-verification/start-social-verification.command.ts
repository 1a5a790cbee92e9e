import { Command } from '@nestjs/cqrs';
import type { SocialPlatform } from '#pie/contracts';

/** The browser is sent to the platform's sign-in (OAuth 2.0 + PKCE) for the artist's official account. */
export class StartSocialVerification extends Command<{ authorizeUrl: string }> {
  constructor(readonly userId: string, readonly claimId: string, readonly platform: SocialPlatform) {
    super();
  }
}
