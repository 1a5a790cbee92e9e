import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { claimsDb } from '../../db/claims-db.js';
import { socialPlatformNotConfigured } from '../../domain/claims.errors.js';
import { claimForCaller } from '../../domain/claims-store.js';
import { assertMayVerify } from '../../domain/claim-status.js';
import { authorizeUrl, newPkcePair, platformSignIn, stateHash } from '../../domain/social-accounts.js';
import { socialCallbackUrl } from '../../http/social-callback.js';
import { StartSocialVerification } from './start-social-verification.command.js';

/** A sign-in must come back within ten minutes. */
const STATE_LIFETIME_MS = 10 * 60_000;

@CommandHandler(StartSocialVerification)
export class StartSocialVerificationHandler implements ICommandHandler<StartSocialVerification> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ userId, claimId, platform }: StartSocialVerification) {
    const signIn = platformSignIn(this.config, platform);
    if (!signIn) throw socialPlatformNotConfigured();
    return this.database.transaction(async (em) => {
      const { claim } = await claimForCaller(em, claimId, userId, 'view');
      assertMayVerify(claim.status);
      const state = randomBytes(24).toString('base64url');
      const pkce = newPkcePair();
      await claimsDb(em)
        .insertInto('claims.social_verifications')
        .values({ state_hash: stateHash(state), claim_id: claimId, platform, code_verifier: pkce.verifier, user_id: userId, expires_at: new Date(Date.now() + STATE_LIFETIME_MS) })
        .execute();
      return { authorizeUrl: authorizeUrl(signIn, { redirectUri: socialCallbackUrl(this.config, platform), state, challenge: pkce.challenge }) };
    });
  }
}
