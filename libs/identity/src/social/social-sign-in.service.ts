import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SocialProvider } from '#pie/contracts';
import { APP_CONFIG, Database, DomainError, recordInOutbox, type AppConfig, type EntityManager } from '#pie/platform';
import { lastSignInMethod, providerNotConfigured, providerNotLinked } from '../domain/identity.errors.js';
import { Admin } from '../domain/admin.entity.js';
import { Fan } from '../domain/fan.entity.js';
import { claimPromotionCode } from '../domain/promotions.js';
import type { SessionKind } from '../domain/session.entity.js';
import { openSession, type OpenedSession } from '../domain/sessions.js';
import { FanRegistered } from '../events/fan-registered.event.js';
import { ProviderDisconnected } from '../events/provider-disconnected.event.js';
import { authorizeUrl, exchangeCode, fetchProfile, newPkcePair, OAuthExchangeError } from './oauth-client.js';
import { consumeOAuthState, createOAuthState, type OAuthPurpose, type OAuthState } from './oauth-states.js';
import { findLinkedSubject, removeLinkedAccount, saveLinkedAccount, signInMethodCount } from './social-identities.js';
import { providerSettings, type ProviderSettings, type SocialProfile } from './social-providers.js';
import { TokenCipher } from './token-cipher.js';

/** Where the browser goes after the round trip, and the session to set, if any. */
export interface SocialOutcome {
  redirectTo: string;
  session?: { kind: SessionKind; opened: OpenedSession };
}

/** A failure the person should read on the page they land on. */
class SignInProblem extends Error {}

const CALLBACK_PATH: Record<OAuthPurpose, (provider: SocialProvider) => string> = {
  'fan-login': (provider) => `/api/auth/callback/${provider}`,
  'fan-link': (provider) => `/api/auth/callback/${provider}`,
  'artist-link': () => '/api/for-artists/auth/callback/google',
  'admin-login': () => '/api/admin/auth/google/callback',
};

/**
 * Social sign-in and account linking: authorization code + PKCE + a one-time server-side state,
 * so a forged or replayed callback, or a code minted for someone else's verifier, gets nowhere.
 */
@Injectable()
export class SocialSignIn {
  private readonly logger = new Logger(SocialSignIn.name);
  private readonly cipher: TokenCipher;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.cipher = new TokenCipher(config);
  }

  settings(provider: SocialProvider): ProviderSettings {
    const settings = providerSettings(this.config, provider);
    if (!settings) throw providerNotConfigured(provider);
    return settings;
  }

  /** The provider URL to send the browser to. */
  async start(provider: SocialProvider, purpose: OAuthPurpose, extra: { subjectId?: string; promo?: string; deviceType?: string } = {}): Promise<string> {
    const settings = this.settings(provider);
    const { verifier, challenge } = newPkcePair();
    const state = await createOAuthState(this.database.em(), {
      provider,
      purpose,
      codeVerifier: verifier,
      subjectId: extra.subjectId ?? null,
      promo: extra.promo ?? null,
      deviceType: extra.deviceType ?? null,
    });
    return authorizeUrl(settings, { redirectUri: this.redirectUri(purpose, provider), state, challenge });
  }

  /** Finishes a round trip; never throws for what the browser sent, it redirects with a message. */
  async complete(provider: SocialProvider, query: { code?: string; state?: string; error?: string }, userAgent: string | null): Promise<SocialOutcome> {
    const state = query.state ? await consumeOAuthState(this.database.em(), provider, query.state) : null;
    if (!state) return { redirectTo: withMessage('/login', 'error', 'Sign-in could not be completed (the link expired or was already used). Please try again.') };
    const landing = landingFor(state);
    try {
      if (query.error || !query.code) throw new SignInProblem(query.error === 'access_denied' ? 'Sign-in was cancelled.' : 'The provider did not complete the sign-in.');
      const settings = this.settings(provider);
      const tokens = await exchangeCode(settings, { code: query.code, redirectUri: this.redirectUri(state.purpose, provider), verifier: state.codeVerifier });
      const profile = await fetchProfile(settings, tokens.accessToken);
      return await this.database.transaction(async (em) => {
        switch (state.purpose) {
          case 'fan-login': {
            const fanId = await this.fanFor(em, settings, profile, state);
            await saveLinkedAccount(em, this.cipher, { kind: 'fan', subjectId: fanId, provider, profile, tokens });
            const opened = openSession(em, 'fan', fanId, userAgent);
            await em.flush();
            const next = new URLSearchParams({ signedIn: provider, ...(state.promo ? { promo: state.promo } : {}), ...(state.deviceType ? { deviceType: state.deviceType } : {}) });
            return { redirectTo: `/dashboard?${next}`, session: { kind: 'fan' as const, opened } };
          }
          case 'fan-link':
          case 'artist-link': {
            const kind = state.purpose === 'fan-link' ? 'fan' : 'artist';
            const owner = await findLinkedSubject(em, kind, provider, profile.providerUserId);
            if (owner && owner !== state.subjectId) throw new SignInProblem(`This ${settings.label} account is already linked to another Pie account.`);
            await saveLinkedAccount(em, this.cipher, { kind, subjectId: state.subjectId!, provider, profile, tokens });
            return { redirectTo: withMessage(landing, 'linked', provider) };
          }
          case 'admin-login': {
            const admin = profile.emailVerified && profile.email ? await em.findOne(Admin, { email: profile.email.toLowerCase() }) : null;
            if (!admin) throw new SignInProblem('This Google account is not an admin of Pie.');
            const opened = openSession(em, 'admin', admin.id, userAgent);
            await em.flush();
            return { redirectTo: withMessage(landing, 'status', 'success'), session: { kind: 'admin' as const, opened } };
          }
        }
      });
    } catch (error) {
      if (error instanceof SignInProblem || error instanceof OAuthExchangeError) {
        return { redirectTo: withMessage(landing, 'error', error.message) };
      }
      if (error instanceof DomainError && error.kind === 'conflict') return { redirectTo: withMessage(landing, 'error', error.message) };
      this.logger.error(`Social sign-in with ${provider} failed: ${(error as Error).stack ?? error}`);
      return { redirectTo: withMessage(landing, 'error', 'Sign-in failed. Please try again.') };
    }
  }

  /** Removes a linked provider, unless it is the account's last way to sign in. */
  async disconnect(kind: 'fan' | 'artist', subjectId: string, provider: SocialProvider): Promise<void> {
    await this.database.transaction(async (em) => {
      await em.execute(`select 1 from identity.${kind === 'fan' ? 'fans' : 'artist_users'} where id = ? for update`, [subjectId]);
      const methods = await signInMethodCount(em, kind, subjectId);
      const linked = await em.execute(`select 1 from identity.social_identities where subject_kind = ? and subject_id = ? and provider = ?`, [kind, subjectId, provider]);
      if (linked.length === 0) throw providerNotLinked(provider);
      if (methods <= 1) {
        throw lastSignInMethod();
      }
      await removeLinkedAccount(em, kind, subjectId, provider);
      if (kind === 'fan') {
        recordInOutbox(em, ProviderDisconnected.create({ fanId: subjectId, provider }));
        await em.flush();
      }
    });
  }

  private redirectUri(purpose: OAuthPurpose, provider: SocialProvider): string {
    return new URL(CALLBACK_PATH[purpose](provider), this.config.PUBLIC_URL).toString();
  }

  /** The fan behind a provider account: linked before, or the same verified e-mail, or a new fan. */
  private async fanFor(em: EntityManager, settings: ProviderSettings, profile: SocialProfile, state: OAuthState): Promise<string> {
    let fanId = await findLinkedSubject(em, 'fan', settings.provider, profile.providerUserId);
    if (!fanId && profile.email) {
      const sameEmail = await em.findOne(Fan, { email: profile.email.toLowerCase(), deletedAt: null });
      if (sameEmail && !profile.emailVerified) {
        throw new SignInProblem(`An account with this e-mail already exists. Log in with your password, then link ${settings.label} in Settings.`);
      }
      fanId = sameEmail?.id ?? null;
    }
    if (!fanId) {
      const fan = em.create(Fan, {
        id: randomUUID(),
        email: (profile.email ?? `${settings.provider}.${profile.providerUserId}@no-email.pie.invalid`).toLowerCase(),
        firstName: profile.firstName ?? profile.displayName ?? settings.label,
        lastName: profile.lastName ?? 'Fan',
        passwordHash: null,
        emailVerifiedAt: profile.emailVerified ? new Date() : null,
        acceptedTermsAt: new Date(),
        signupPromo: state.promo,
        stripeCustomerId: null,
        deletedAt: null,
      });
      em.persist(fan);
      recordInOutbox(
        em,
        FanRegistered.create({ fanId: fan.id, email: fan.email, firstName: fan.firstName, promo: state.promo, emailVerified: fan.hasVerifiedEmail() }),
      );
      await em.flush();
      fanId = fan.id;
    }
    if (state.promo === 'try') await claimPromotionCode(em, fanId);
    return fanId;
  }
}

function landingFor(state: OAuthState): string {
  switch (state.purpose) {
    case 'fan-login':
      return state.promo === 'try' ? '/try' : '/login';
    case 'fan-link':
      return '/settings';
    case 'artist-link':
      return '/for-artists/settings';
    case 'admin-login':
      return '/admin/auth/google/callback';
  }
}

function withMessage(path: string, key: string, value: string): string {
  return `${path}?${new URLSearchParams({ [key]: value })}`;
}
