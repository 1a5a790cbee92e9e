import { Controller, Delete, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ConnectListenBrainzRequest, LastfmCallbackQuery } from '#pie/contracts';
// The parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads them).
import type { ConnectListenBrainzRequest as ConnectListenBrainzBody, LastfmCallbackQuery as LastfmCallbackParams, LastfmAuthorization } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { DomainError, ok, QueueRegistry, ZodBody, ZodQuery } from '#pie/platform';
import { LastfmSource } from '../domain/lastfm-source.js';
import { ListenBrainzSource } from '../domain/listenbrainz-source.js';
import { ScrobbleSources } from '../domain/scrobble-sources.js';
import { queueScrobbleSync } from '../jobs/sync-scrobbles/sync-scrobbles.handler.js';

/** Where the fan lands after Last.fm's page: settings, saying how it went. */
const SETTINGS = '/settings';

/**
 * The fan's scrobbling sources (issue 33). ListenBrainz: the fan pastes the user token from
 * their ListenBrainz settings page; it is checked with ListenBrainz before anything is stored.
 * Last.fm: `POST …/lastfm` answers the URL of Last.fm's authorisation page; Last.fm sends the
 * browser back to `…/lastfm/callback` with a token, traded for a session key. Either way the
 * back-fill starts at once in the worker.
 */
@Controller('api/listening/sources')
@UseGuards(FanSessionGuard)
export class SourcesController {
  constructor(
    @Inject(ScrobbleSources) private readonly sources: ScrobbleSources,
    @Inject(ListenBrainzSource) private readonly listenbrainz: ListenBrainzSource,
    @Inject(LastfmSource) private readonly lastfm: LastfmSource,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  @Get()
  async list(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.sources.states(fan.subjectId));
  }

  @Post('listenbrainz')
  @HttpCode(201)
  async connectListenBrainz(@CurrentSubject() fan: SessionPrincipal, @ZodBody(ConnectListenBrainzRequest) body: ConnectListenBrainzBody) {
    await this.listenbrainz.connect(fan.subjectId, body.token);
    await queueScrobbleSync(this.queues, { fanId: fan.subjectId, source: 'listenbrainz' });
    return ok(await this.listenbrainz.state(fan.subjectId), 'ListenBrainz connected; your history is being read.');
  }

  @Delete('listenbrainz')
  async disconnectListenBrainz(@CurrentSubject() fan: SessionPrincipal) {
    await this.listenbrainz.disconnect(fan.subjectId);
    return ok(await this.listenbrainz.state(fan.subjectId), 'ListenBrainz disconnected. The listening already read stays.');
  }

  @Post('lastfm')
  @HttpCode(201)
  startLastfm(@CurrentSubject() fan: SessionPrincipal) {
    const authorization: LastfmAuthorization = { url: this.lastfm.authorizeUrl(fan.subjectId) };
    return ok(authorization, 'Allow Pie on Last.fm; you come back here afterwards.');
  }

  /** Last.fm's redirect (a top-level GET carrying the session cookie): never an error page, settings say what happened. */
  @Get('lastfm/callback')
  async lastfmCallback(@CurrentSubject() fan: SessionPrincipal, @ZodQuery(LastfmCallbackQuery) query: LastfmCallbackParams, @Res() reply: FastifyReply) {
    if (!query.token) return reply.status(302).header('location', `${SETTINGS}?source=lastfm&result=denied`).send();
    try {
      await this.lastfm.complete(fan.subjectId, query.state, query.token);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return reply.status(302).header('location', `${SETTINGS}?source=lastfm&result=failed&code=${encodeURIComponent(error.code)}`).send();
    }
    await queueScrobbleSync(this.queues, { fanId: fan.subjectId, source: 'lastfm' });
    return reply.status(302).header('location', `${SETTINGS}?source=lastfm&result=connected`).send();
  }

  @Delete('lastfm')
  async disconnectLastfm(@CurrentSubject() fan: SessionPrincipal) {
    await this.lastfm.disconnect(fan.subjectId);
    return ok(await this.lastfm.state(fan.subjectId), 'Last.fm disconnected. The listening already read stays.');
  }
}
