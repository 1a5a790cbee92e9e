import { Command } from '@nestjs/cqrs';
import type { SocialPlatform, SocialVerificationFailure } from '#pie/contracts';

/** The platform sent the browser back: the signed-in account must be the one the artist's profile links to. */
export type SocialVerificationOutcome =
  /** `confirmedByHand`: the proof came through MusicBrainz; the claim waits for Pie's team (verification.ts). */
  | { ok: true; claimId: string; message: string; confirmedByHand: boolean }
  | { ok: false; claimId: string | null; reason: SocialVerificationFailure; message: string };

export class CompleteSocialVerification extends Command<SocialVerificationOutcome> {
  constructor(
    readonly userId: string,
    readonly platform: SocialPlatform,
    readonly answer: { code?: string; state?: string; error?: string },
  ) {
    super();
  }
}
