import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SignInErrorCode, SocialProvider } from '#pie/contracts';
import { APP_CONFIG, Database, DomainError, recordInOutbox, type AppConfig, type EntityManager } from '#pie/platform';
import { lastSignInMethod, providerNotConfigured, providerNotLinked } from '../domain/identity.errors.js';
import { lockAccount } from '../domain/accounts.js';
import { Admin } from '../domain/admin.entity.js';
import { Fan } from '../domain/fan.entity.js';
import { enrolInPromotion, PromotionFingerprinter, rememberPromotionUser } from '../domain/promotions.js';
import type { SessionKind } from '../domain/session.entity.js';
import { findActiveSession, openSession, revokeAllSessions, revokeSessionByToken, type OpenedSession } from '../domain/sessions.js';
import { FanRegistered } from '../events/fan-registered.event.js';
import { ProviderDisconnected } from '../events/provider-disconnected.event.js';
import { authorizeUrl, exchangeCode, fetchProfile, newPkcePair, OAuthExchangeError } from './oauth-client.js';
import { browserBindingOf, consumeOAuthState, createOAuthState, type OAuthPurpose, type OAuthState } from './oauth-states.js';
import { findLinkedSubject, isLinked, removeLinkedAccount, saveLinkedAccount, signInMethodCount } from './social-identities.js';
import { providerSettings, type ProviderSettings, type SocialProfile } from './social-providers.js';
import { TokenCipher } from './token-cipher.js';

/** Where the browser goes after the round trip, and the session to set, if any. */
export interface SocialOutcome {
  redirectTo: string;
  session?: { kind: SessionKind; opened: OpenedSession };
}

/** A round trip just started: where to send the browser, and what it must keep in a cookie until it comes back. */
export interface StartedRoundTrip {
  url: string;
  browserBinding: string;
}

/** What the callback request brings besides the provider's query. */
export interface CallbackContext {
  /** The round trips this callback route may finish (a fan's code on the admin callback finishes nothing). */
  purposes: readonly OAuthPurpose[];
  /** The cookie set when the round trip started in this browser. */
  browserBinding: string | undefined;
  /** The session cookies this browser holds, by kind. */
  sessionTokens: Partial<Record<SessionKind, string>>;
  userAgent: string | null;
}

/** A failure the person should read on the page they land on. */
/** A round trip that cannot finish: its code is all the landing page's address carries (no text from a URL). */
class SignInProblem extends Error {
  constructor(readonly code: SignInErrorCode) {
    super(code);
  }
}

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
  private readonly fingerprinter: PromotionFingerprinter;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.cipher = new TokenCipher(config);
    this.fingerprinter = new PromotionFingerprinter(config.PROMOTION_HASH_SECRET);
  }

  settings(provider: SocialProvider): ProviderSettings {
    const settings = providerSettings(this.config, provider);
    if (!settings) throw providerNotConfigured(provider);
    return settings;
  }

  /** Starts a round trip: the provider URL to send the browser to, and the binding it must bring back. */
  async start(provider: SocialProvider, purpose: OAuthPurpose, extra: { subjectId?: string; promo?: string; deviceType?: string } = {}): Promise<StartedRoundTrip> {
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
    return { url: authorizeUrl(settings, { redirectUri: this.redirectUri(purpose, provider), state, challenge }), browserBinding: browserBindingOf(state) };
  }

  /** Finishes a round trip; never throws for what the browser sent, it redirects with a message. */
  async complete(provider: SocialProvider, query: { code?: string; state?: string; error?: string }, context: CallbackContext): Promise<SocialOutcome> {
    const fallback = LANDING[context.purposes[0]];
    // Only the browser that started the round trip may finish it: a callback URL handed to a victim
    // (login CSRF, or collecting their provider account on the attacker's) gets nowhere.
    if (!query.state || !context.browserBinding || context.browserBinding !== browserBindingOf(query.state)) {
      return { redirectTo: withMessage(fallback, 'error', 'other_browser') };
    }
    const state = await consumeOAuthState(this.database.em(), provider, query.state, context.purposes);
    if (!state) return { redirectTo: withMessage(fallback, 'error', 'expired') };
    const landing = landingFor(state);
    try {
      if (query.error || !query.code) throw new SignInProblem(query.error === 'access_denied' ? 'cancelled' : 'incomplete');
      if (state.purpose === 'fan-link' || state.purpose === 'artist-link') await this.requireStarter(state, context);
      const settings = this.settings(provider);
      const tokens = await exchangeCode(settings, { code: query.code, redirectUri: this.redirectUri(state.purpose, provider), verifier: state.codeVerifier });
      const profile = await fetchProfile(settings, tokens.accessToken);
      return await this.database.transaction(async (em) => {
        switch (state.purpose) {
          case 'fan-login': {
            const fanId = await this.fanFor(em, settings, profile, state);
            await saveLinkedAccount(em, this.cipher, { kind: 'fan', subjectId: fanId, provider, profile, tokens });
            // A fan who had the free pie: this provider account is theirs too, for good.
            await rememberPromotionUser(em, this.fingerprinter, fanId);
            // Whoever was signed in in this browser before is signed out on the server too.
            await revokeSessionByToken(em, 'fan', context.sessionTokens.fan);
            const opened = openSession(em, 'fan', fanId, context.userAgent);
            await em.flush();
            const next = new URLSearchParams({ signedIn: provider, ...(state.promo ? { promo: state.promo } : {}), ...(state.deviceType ? { deviceType: state.deviceType } : {}) });
            return { redirectTo: `/dashboard?${next}`, session: { kind: 'fan' as const, opened } };
          }
          case 'fan-link':
          case 'artist-link': {
            const kind = state.purpose === 'fan-link' ? 'fan' : 'artist';
            const owner = await findLinkedSubject(em, kind, provider, profile.providerUserId);
            if (owner && owner !== state.subjectId) throw new SignInProblem('already_linked');
            // Re-checked in the transaction: an account deleted during consent gets nothing linked.
            if (!(await lockAccount(em, kind, state.subjectId!, { liveOnly: true }))) throw new SignInProblem('account_gone');
            await saveLinkedAccount(em, this.cipher, { kind, subjectId: state.subjectId!, provider, profile, tokens });
            if (kind === 'fan') await rememberPromotionUser(em, this.fingerprinter, state.subjectId!);
            return { redirectTo: withMessage(landing, 'linked', provider) };
          }
          case 'admin-login': {
            const admin = profile.emailVerified && profile.email ? await em.findOne(Admin, { email: profile.email.toLowerCase() }) : null;
            if (!admin) throw new SignInProblem('not_admin');
            await revokeSessionByToken(em, 'admin', context.sessionTokens.admin);
            const opened = openSession(em, 'admin', admin.id, context.userAgent);
            await em.flush();
            return { redirectTo: withMessage(landing, 'status', 'success'), session: { kind: 'admin' as const, opened } };
          }
        }
      });
    } catch (error) {
      if (error instanceof SignInProblem) return { redirectTo: withMessage(landing, 'error', error.code) };
      if (error instanceof OAuthExchangeError) return { redirectTo: withMessage(landing, 'error', 'incomplete') };
      if (error instanceof DomainError && error.code === 'identity.promo-unavailable') return { redirectTo: withMessage(landing, 'error', 'promo_unavailable') };
      if (error instanceof DomainError && error.code === 'identity.promo-already-used') return { redirectTo: withMessage(landing, 'error', 'promo_used') };
      this.logger.error(`Social sign-in with ${provider} failed: ${(error as Error).stack ?? error}`);
      return { redirectTo: withMessage(landing, 'error', 'failed') };
    }
  }

  /** A link round trip is finished only in the session of the account that started it. */
  private async requireStarter(state: OAuthState, context: CallbackContext): Promise<void> {
    const kind = state.purpose === 'fan-link' ? 'fan' : 'artist';
    const token = context.sessionTokens[kind];
    const session = token ? await findActiveSession(this.database.em(), kind, token) : null;
    if (!session || session.subjectId !== state.subjectId) {
      throw new SignInProblem('wrong_session');
    }
  }

  /** Removes a linked provider, unless it is the account's last way to sign in. */
  async disconnect(kind: 'fan' | 'artist', subjectId: string, provider: SocialProvider): Promise<void> {
    await this.database.transaction(async (em) => {
      await lockAccount(em, kind, subjectId);
      const methods = await signInMethodCount(em, kind, subjectId);
      if (!(await isLinked(em, kind, subjectId, provider))) throw providerNotLinked(provider);
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

  /**
   * The fan behind a provider account: linked before, or the same e-mail when the provider vouches
   * for it, or a new fan. An address the provider does not mark verified never joins an account
   * and never becomes a new account's address: whoever typed it need not own the mailbox.
   */
  private async fanFor(em: EntityManager, settings: ProviderSettings, profile: SocialProfile, state: OAuthState): Promise<string> {
    let fanId = await findLinkedSubject(em, 'fan', settings.provider, profile.providerUserId);
    const email = profile.email?.toLowerCase() ?? null;
    if (!fanId && email) {
      const sameEmail = await em.findOne(Fan, { email, deletedAt: null });
      if (sameEmail && !profile.emailVerified) {
        throw new SignInProblem('email_exists');
      }
      if (sameEmail && !sameEmail.hasVerifiedEmail()) {
        // The mailbox owner arrives (the provider vouches for the address) at an account whose address
        // was never proven: the password was set by whoever registered it, who may not be the owner.
        sameEmail.passwordHash = null;
        sameEmail.markEmailVerified(new Date());
        await em.flush();
        await revokeAllSessions(em, 'fan', sameEmail.id);
      }
      fanId = sameEmail?.id ?? null;
    }
    if (!fanId) {
      const verifiedEmail = profile.emailVerified ? email : null;
      const fan = Fan.register(em, {
        // An e-mail the provider does not vouch for never becomes the account's address (pre-hijacking).
        email: verifiedEmail ?? `${settings.provider}.${profile.providerUserId}@no-email.pie.invalid`,
        firstName: profile.firstName ?? profile.displayName ?? settings.label,
        lastName: profile.lastName ?? 'Fan',
        passwordHash: null,
        emailVerified: verifiedEmail !== null,
        signupPromo: state.promo,
        createdVia: settings.provider,
      });
      recordInOutbox(
        em,
        FanRegistered.create({ fanId: fan.id, email: fan.email, firstName: fan.firstName, promo: state.promo, emailVerified: fan.hasVerifiedEmail() }),
      );
      await em.flush();
      fanId = fan.id;
    }
    if (state.promo === 'try') await enrolInPromotion(em, fanId);
    return fanId;
  }
}

/** Where each kind of round trip ends in the web app (web-routes.tsv). */
const LANDING: Record<OAuthPurpose, string> = {
  'fan-login': '/login',
  'fan-link': '/settings',
  'artist-link': '/for-artists/settings',
  'admin-login': '/admin/auth/google/callback',
};

function landingFor(state: OAuthState): string {
  return state.purpose === 'fan-login' && state.promo === 'try' ? '/try' : LANDING[state.purpose];
}

function withMessage(path: string, key: string, value: string): string {
  return `${path}?${new URLSearchParams({ [key]: value })}`;
}
