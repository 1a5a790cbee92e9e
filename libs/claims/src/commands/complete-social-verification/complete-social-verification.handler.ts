import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SOCIAL_PLATFORM_LABELS, type SocialVerificationFailure } from '#pie/contracts';
import { artistFacts } from '#pie/listening';
import { APP_CONFIG, Database, DomainError, type AppConfig } from '#pie/platform';
import { sql } from 'kysely';
import { claimsDb } from '../../db/claims-db.js';
import { ArtistPages } from '../../domain/artist-pages.js';
import { claimForCaller, type AttemptProof } from '../../domain/claims-store.js';
import { exchangeCode, platformSignIn, stateHash } from '../../domain/social-accounts.js';
import { finishVerifying, startVerifying } from '../../domain/verification.js';
import { socialCallbackUrl } from '../../http/social-callback.js';
import { CompleteSocialVerification, type SocialVerificationOutcome } from './complete-social-verification.command.js';

@CommandHandler(CompleteSocialVerification)
export class CompleteSocialVerificationHandler implements ICommandHandler<CompleteSocialVerification> {
  private readonly logger = new Logger('SocialVerification');

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ArtistPages) private readonly pages: ArtistPages,
  ) {}

  async execute({ userId, platform, answer }: CompleteSocialVerification): Promise<SocialVerificationOutcome> {
    const label = SOCIAL_PLATFORM_LABELS[platform];
    if (!answer.state) return { ok: false, claimId: null, reason: 'no-answer', message: 'The sign-in did not come back from the platform' };
    // One use per state: taken (and checked for owner, platform and age) in one statement.
    const pending = await claimsDb(this.database.em())
      .updateTable('claims.social_verifications')
      .set({ used_at: sql`now()` })
      .where('state_hash', '=', stateHash(answer.state))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<string>`now()`)
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .returning(['claim_id', 'code_verifier'])
      .executeTakeFirst();
    if (!pending) return { ok: false, claimId: null, reason: 'link-expired', message: 'This sign-in link has expired. Start the verification again.' };
    const claimId = pending.claim_id;
    if (answer.error || !answer.code) return { ok: false, claimId, reason: 'cancelled', message: `The ${label} sign-in was cancelled` };

    const { claim } = await claimForCaller(this.database.em(), claimId, userId, 'view');
    const [artist] = await artistFacts(this.database.em(), [claim.artistId]);
    const actor = { kind: 'artist' as const, id: userId };
    let outcome: { ok: boolean; message: string; reason?: SocialVerificationFailure; proof?: AttemptProof; confirmByHand?: boolean };
    try {
      const signIn = platformSignIn(this.config, platform)!;
      const token = await exchangeCode(signIn, { code: answer.code, redirectUri: socialCallbackUrl(this.config, platform), verifier: pending.code_verifier });
      const owned = await signIn.ownedHandles(token);
      // The artist's own links: their Spotify profile's, else (known only from scrobbles) MusicBrainz's list.
      const source = artist ? this.pages.linkSource(artist) : null;
      const profile = artist && source ? await this.pages.linksOf(artist) : null;
      const linked = profile?.links[platform];
      const where = source?.kind === 'musicbrainz' ? 'MusicBrainz entry' : 'Spotify profile';
      // What was compared, for the admin's review: the profile, the account it links to, the accounts signed in to.
      const proof: AttemptProof = {
        pages: [
          ...(source ? [{ label: `${artist!.name}’s ${source.label}`, url: source.url }] : []),
          ...(linked ? [{ label: `${label} account @${linked}, linked from the ${source?.kind === 'musicbrainz' ? 'MusicBrainz entry' : 'profile'}`, url: this.pages.socialUrl(platform, linked) }] : []),
          ...owned.map((handle) => ({ label: `${label} account @${handle}, signed in to`, url: this.pages.socialUrl(platform, handle) })),
        ],
      };
      if (!linked) outcome = { ok: false, reason: 'no-linked-account', message: `${artist?.name ?? 'The artist'}’s ${where} links to no ${label} account`, proof };
      else if (owned.includes(linked)) outcome = { ok: true, message: `Signed in to the ${label} account the ${where} links to`, proof, confirmByHand: source?.kind === 'musicbrainz' };
      else outcome = { ok: false, reason: 'other-account', message: `The ${label} account you signed in with is not the one ${artist?.name ?? 'the artist'}’s ${where} links to`, proof };
    } catch (error) {
      this.logger.warn(`social verification ${platform} for claim ${claimId} failed: ${String(error)}`);
      outcome = { ok: false, reason: 'not-confirmed', message: `${label} did not confirm the sign-in. Please try again.` };
    }
    try {
      await startVerifying(this.database, claimId, actor);
      const claim = await finishVerifying(this.database, claimId, actor, outcome);
      return { ok: true, claimId, message: outcome.message, confirmedByHand: claim.status === 'verifying' };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The attempt's own failure (recorded on the claim), else the claim was no longer open to verify.
      return { ok: false, claimId, reason: outcome.reason ?? (error.code === 'claims.artist-already-claimed' ? 'claimed-elsewhere' : 'claim-closed'), message: error.message };
    }
  }
}
