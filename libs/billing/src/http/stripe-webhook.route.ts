import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Database, recordInOutbox } from '#pie/platform';
import { HandleStripeEvent } from '../jobs/handle-stripe-event/handle-stripe-event.job.js';
import { StripeGateway, WEBHOOK_TOLERANCE_SECONDS } from '../stripe/stripe-gateway.js';
import { sql } from 'kysely';
import { billingDb } from '../db/billing-db.js';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

function refuse(reply: FastifyReply, statusCode: number, message: string) {
  return reply.status(statusCode).send({ success: false, statusCode, message });
}

/** Our own words for a refusal (the SDK's message is logged, never echoed: it names internals). */
export const WEBHOOK_REFUSALS = {
  badSignature: 'Invalid Stripe signature',
  outsideTolerance: 'Invalid Stripe signature: the timestamp is outside the tolerance',
  malformed: 'Malformed Stripe event',
} as const;

/** The `t=` of a Stripe-Signature header (seconds), or null. */
function signedAt(header: string): number | null {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header);
  return match ? Number(match[1]) : null;
}

/** The fields the intake stores and queues, with the types it needs; anything else is malformed. */
function wellFormed(event: unknown): event is { id: string; type: string; created: number; account?: string; data: { object: { id?: unknown } } } {
  const candidate = event as { id?: unknown; type?: unknown; created?: unknown; account?: unknown; data?: { object?: unknown } } | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.id === 'string' &&
    /^evt_[A-Za-z0-9_]{1,250}$/.test(candidate.id) &&
    typeof candidate.type === 'string' &&
    /^[a-z0-9_.]{1,100}$/.test(candidate.type) &&
    Number.isSafeInteger(candidate.created) &&
    (candidate.created as number) > 0 &&
    (candidate.account === undefined || candidate.account === null || typeof candidate.account === 'string') &&
    typeof candidate.data === 'object' &&
    candidate.data !== null &&
    typeof candidate.data.object === 'object' &&
    candidate.data.object !== null
  );
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
  private readonly logger = new Logger('StripeWebhook');

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
          const detail = (error as Error).message;
          this.logger.warn(`Refused a Stripe webhook: ${detail}`);
          // A signature that holds over a body that is not JSON is malformed, not forged.
          if (error instanceof SyntaxError) return refuse(reply, 400, WEBHOOK_REFUSALS.malformed);
          return refuse(reply, 400, /tolerance/i.test(detail) ? WEBHOOK_REFUSALS.outsideTolerance : WEBHOOK_REFUSALS.badSignature);
        }
        // The SDK checks only the age; a timestamp ahead of our clock by more than the tolerance is refused too.
        const timestamp = signedAt(signature);
        if (timestamp === null || timestamp - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
          this.logger.warn(`Refused a Stripe webhook signed at ${timestamp ?? 'no time'}: ahead of this server's clock by more than ${WEBHOOK_TOLERANCE_SECONDS} s`);
          return refuse(reply, 400, WEBHOOK_REFUSALS.outsideTolerance);
        }
        if (!wellFormed(event)) {
          this.logger.warn(`Refused a signed but malformed Stripe webhook: ${body.subarray(0, 500).toString('utf8')}`);
          return refuse(reply, 400, WEBHOOK_REFUSALS.malformed);
        }
        const object = event.data?.object as { id?: unknown } | undefined;
        const objectId = typeof object?.id === 'string' ? object.id : null;
        const stored = await this.database.transaction(async (tx) => {
          const inserted = await billingDb(tx)
            .insertInto('billing.stripe_events')
            .values({ id: event.id, type: event.type, object_id: objectId, stripe_created_at: sql<string>`to_timestamp(${event.created})` })
            .onConflict((oc) => oc.column('id').doNothing())
            .returning('id')
            .execute();
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
