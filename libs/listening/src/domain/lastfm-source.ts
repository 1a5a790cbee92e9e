import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ListeningSourceState } from '#pie/contracts';
import { APP_CONFIG, DomainError, type AppConfig } from '#pie/platform';
import { LastfmApi } from '../provider/lastfm-api.js';
import { ScrobbleCredentialRefusedError, ScrobbleRateLimitedError, ScrobbleServiceUnavailableError } from '../provider/scrobble-service.js';
import { ScrobbleSources, type ScrobbleSyncOutcome } from './scrobble-sources.js';

export { LASTFM_GONE_REASON, LASTFM_REVOKED_REASON } from '../provider/lastfm-api.js';

/** How long a fan has on Last.fm's page before the round trip must start again. */
const ROUND_TRIP_MS = 30 * 60_000;
export const LASTFM_CALLBACK_PATH = '/api/listening/sources/lastfm/callback';

export const lastfmNotConfigured = () => new DomainError('listening.lastfm-not-configured', 'unavailable', 'Last.fm is not available on this Pie (no Last.fm API account is configured).');
export const lastfmUnavailable = () => new DomainError('listening.lastfm-unavailable', 'unavailable', 'Last.fm is not answering right now. Please try again in a minute.');
export const lastfmRoundTripInvalid = () =>
  new DomainError('listening.lastfm-auth-failed', 'invalid', 'This Last.fm sign-in is not valid (it expired, or was started by someone else). Connect Last.fm again from Settings.');

/**
 * A fan's Last.fm scrobbles (issue 33). Connecting is Last.fm's web authentication: Pie sends the
 * fan to Last.fm's page with its API key and a callback that carries a state bound to the fan
 * (HMAC, 30 minutes); Last.fm sends them back with a token, which `auth.getSession` (signed)
 * turns into a session key, stored sealed. The back-fill and polling are the shared
 * `ScrobbleSources` machinery.
 */
@Injectable()
export class LastfmSource {
  constructor(
    @Inject(ScrobbleSources) private readonly sources: ScrobbleSources,
    @Inject(LastfmApi) private readonly api: LastfmApi,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Where to send the fan to allow Pie on Last.fm. */
  authorizeUrl(fanId: string, now = Date.now()): string {
    if (!this.api.configured) throw lastfmNotConfigured();
    const expires = now + ROUND_TRIP_MS;
    const callback = new URL(LASTFM_CALLBACK_PATH, this.config.PUBLIC_URL);
    callback.searchParams.set('state', `${expires}.${this.sign(fanId, expires)}`);
    return this.api.authorizeUrl(callback.toString());
  }

  /** Back from Last.fm: checks the state is this fan's, trades the token for a session key and connects. */
  async complete(fanId: string, state: string, token: string, now = Date.now()): Promise<{ userName: string }> {
    if (!this.api.configured) throw lastfmNotConfigured();
    const [expiresText, signature] = state.split('.');
    const expires = Number(expiresText);
    if (!Number.isFinite(expires) || expires < now || !signature || !sameText(signature, this.sign(fanId, expires))) throw lastfmRoundTripInvalid();
    try {
      const session = await this.api.session(token);
      const registered = await this.api.registeredAt(session.key);
      const newest = (await this.api.newestScrobble(session.name)) ?? Math.floor(now / 1000);
      await this.sources.connect(fanId, 'lastfm', { userName: session.name, credential: session.key, newestTs: newest, oldestTs: registered });
      return { userName: session.name };
    } catch (error) {
      if (error instanceof ScrobbleServiceUnavailableError || error instanceof ScrobbleRateLimitedError) throw lastfmUnavailable();
      if (error instanceof ScrobbleCredentialRefusedError) throw lastfmRoundTripInvalid();
      throw error;
    }
  }

  state(fanId: string): Promise<ListeningSourceState> {
    return this.sources.state(fanId, 'lastfm');
  }

  disconnect(fanId: string): Promise<boolean> {
    return this.sources.disconnect(fanId, 'lastfm');
  }

  sync(fanId: string): Promise<ScrobbleSyncOutcome> {
    return this.sources.sync(fanId, 'lastfm');
  }

  private sign(fanId: string, expires: number): string {
    return createHmac('sha256', this.config.SESSION_SECRET).update(`lastfm-connect:${fanId}:${expires}`).digest('base64url');
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
