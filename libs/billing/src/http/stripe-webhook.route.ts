import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Database, recordInOutbox } from '#pie/platform';
import { HandleStripeEvent } from '../jobs/handle-stripe-event/handle-stripe-event.job.js';
import { StripeGateway } from '../stripe/stripe-gateway.js';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

function refuse(reply: FastifyReply, statusCode: number, message: string) {
  return reply.status(statusCode).send({ success: false, statusCode, message });
}

/**
 * `POST /api/stripe/webhook`: the one intake for every Stripe event (DESIGN §3). The signature is
 * checked over the raw bytes (so this route has its own raw-body parser, outside Nest's JSON
 * handling), the event id is stored once and its job queued in the same transaction, and Stripe
 * gets its 2xx at once; the `payments` queue does the work. Authenticated by the signature: no
 * session, no CSRF token (the CSRF check exempts this path).
 */
@Injectable()
export class StripeWebhookRoute implements OnModuleInit {
  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(Database) private readonly database: Database,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
      scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
        const secret = this.gateway.webhookSecret;
        if (!secret) return refuse(reply, 503, 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is unset)');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || signature.length === 0) return refuse(reply, 400, 'Missing Stripe-Signature header');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = this.gateway.verifyWebhook(body, signature, secret);
        } catch (error) {
          return refuse(reply, 400, `Invalid Stripe signature: ${(error as Error).message}`);
        }
        const object = event.data?.object as { id?: unknown } | undefined;
        const objectId = typeof object?.id === 'string' ? object.id : null;
        const stored = await this.database.transaction(async (tx) => {
          const inserted = await tx.execute<{ id: string }[]>(
            `insert into billing.stripe_events (id, type, object_id, stripe_created_at) values (?, ?, ?, to_timestamp(?))
             on conflict (id) do nothing returning id`,
            [event.id, event.type, objectId, event.created],
          );
          if (inserted.length === 0) return false;
          // `account` is set on a connected account's events (an office's payouts): its objects are read with it.
          recordInOutbox(tx, HandleStripeEvent.create({ eventId: event.id, type: event.type, objectId, accountId: event.account ?? null }));
          await tx.flush();
          return true;
        });
        return reply.status(200).send({ received: true, duplicate: !stored });
      });
    });
  }
}
