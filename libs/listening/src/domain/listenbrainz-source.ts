import { Inject, Injectable } from '@nestjs/common';
import type { ListeningSourceState } from '#pie/contracts';
import { DomainError } from '#pie/platform';
import { ListenBrainzApi } from '../provider/listenbrainz-api.js';
import { ScrobbleRateLimitedError, ScrobbleServiceUnavailableError } from '../provider/scrobble-service.js';
import { ScrobbleSources, type ScrobbleSyncOutcome } from './scrobble-sources.js';

export { LISTENBRAINZ_GONE_REASON, LISTENBRAINZ_REVOKED_REASON } from '../provider/listenbrainz-api.js';

export const invalidListenBrainzToken = () =>
  new DomainError('listening.listenbrainz-token-invalid', 'invalid', 'ListenBrainz does not accept this user token. Copy it again from your ListenBrainz settings page.', {
    token: ['ListenBrainz does not accept this token'],
  });

export const listenBrainzUnavailable = () =>
  new DomainError('listening.listenbrainz-unavailable', 'unavailable', 'ListenBrainz is not answering right now. Please try again in a minute.');

/**
 * A fan's ListenBrainz listens (issue 33): the fan pastes their user token, which ListenBrainz
 * must accept before anything is stored; the back-fill and polling are the shared
 * `ScrobbleSources` machinery.
 */
@Injectable()
export class ListenBrainzSource {
  constructor(
    @Inject(ScrobbleSources) private readonly sources: ScrobbleSources,
    @Inject(ListenBrainzApi) private readonly api: ListenBrainzApi,
  ) {}

  /** Checks the token with ListenBrainz and (re)connects the fan; the back-fill starts at the next sync. */
  async connect(fanId: string, token: string): Promise<{ userName: string }> {
    let userName: string | null;
    let newest: Awaited<ReturnType<ListenBrainzApi['listens']>>;
    try {
      userName = await this.api.userOfToken(token);
      if (!userName) throw invalidListenBrainzToken();
      newest = await this.api.listens(token, userName, { count: 1 });
    } catch (error) {
      if (error instanceof ScrobbleServiceUnavailableError || error instanceof ScrobbleRateLimitedError) throw listenBrainzUnavailable();
      throw error;
    }
    const latest = newest.payload.latest_listen_ts ?? newest.payload.listens[0]?.listened_at ?? 0;
    await this.sources.connect(fanId, 'listenbrainz', { userName, credential: token, newestTs: latest, oldestTs: newest.payload.oldest_listen_ts ?? latest });
    return { userName };
  }

  state(fanId: string): Promise<ListeningSourceState> {
    return this.sources.state(fanId, 'listenbrainz');
  }

  disconnect(fanId: string): Promise<boolean> {
    return this.sources.disconnect(fanId, 'listenbrainz');
  }

  sync(fanId: string): Promise<ScrobbleSyncOutcome> {
    return this.sources.sync(fanId, 'listenbrainz');
  }
}
