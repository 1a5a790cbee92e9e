import { Command } from '@nestjs/cqrs';
import type { SocialPlatform } from '#pie/contracts';

/** The platform sent the browser back: the signed-in account must be the one the artist's profile links to. */
export class CompleteSocialVerification extends Command<{ ok: boolean; claimId: string | null; message: string }> {
  constructor(
    readonly userId: string,
    readonly platform: SocialPlatform,
    readonly answer: { code?: string; state?: string; error?: string },
  ) {
    super();
  }
}
