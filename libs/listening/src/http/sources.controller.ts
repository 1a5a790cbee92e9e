import { Controller, Delete, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ConnectListenBrainzRequest } from '#pie/contracts';
// The parameter type under another name: decorator metadata must not point at the zod schema (OpenAPI reads it).
import type { ConnectListenBrainzRequest as ConnectListenBrainzBody } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, QueueRegistry, ZodBody } from '#pie/platform';
import { ListenBrainzSource } from '../domain/listenbrainz-source.js';
import { queueScrobbleSync } from '../jobs/sync-scrobbles/sync-scrobbles.handler.js';

/**
 * The fan's scrobbling sources (issue 33). ListenBrainz: the fan pastes the user token from
 * their ListenBrainz settings page; it is checked with ListenBrainz before anything is stored,
 * and the back-fill starts at once in the worker.
 */
@Controller('api/listening/sources')
@UseGuards(FanSessionGuard)
export class SourcesController {
  constructor(
    @Inject(ListenBrainzSource) private readonly listenbrainz: ListenBrainzSource,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  @Get()
  async list(@CurrentSubject() fan: SessionPrincipal) {
    return ok([await this.listenbrainz.state(fan.subjectId)]);
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
}
