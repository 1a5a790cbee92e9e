import 'reflect-metadata';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import {
  ApiExceptionFilter,
  boundedServerFactory,
  clientErrorHandler,
  completeOpenApiDocument,
  CsrfProtection,
  Database,
  frameworkErrorHandler,
  Metrics,
  OutageReporter,
  QueueRegistry,
  RateLimiter,
  registerBoundedJson,
  registerEdgeRateLimits,
  registerNoStoreForApi,
  registerWellFormedInput,
  REQUEST_ID_HEADER,
  requestIdFor,
  type AppConfig,
} from '#pie/platform';
import { SESSION_COOKIE } from '#pie/identity';
import { STRIPE_WEBHOOK_PATH } from '#pie/billing';
import { FanImpacts, OpenBooks } from '#pie/admin';
import { ApiModule } from './api.module.js';
import { registerSecurityHeaders } from './security-headers.js';
import { serveWebApp, servePublicPiePage } from './web-app.js';
import { serveOpenBooksPage } from './open-books-page.js';
import { registerMoneyMetrics } from './money-metrics.js';

/** Request bodies above this are refused with 413 before any parsing. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Trusts the nearest `hops` proxies (what Fastify does for a number, which Nest's adapter type leaves out). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Builds the API application (used by main.ts and by the integration tests). */
export async function createApiApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow senders (a byte every few seconds) are cut at REQUEST_TIMEOUT_MS, idle connections at CONNECTION_TIMEOUT_MS.
    serverFactory: boundedServerFactory({ requestTimeoutMs: config.REQUEST_TIMEOUT_MS, connectionTimeoutMs: config.CONNECTION_TIMEOUT_MS }),
    // Only the proxies the operator names may say who the client is; by default nobody, so a client
    // cannot pick its own IP (and its own rate-limit bucket) with X-Forwarded-For.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    genReqId: requestIdFor,
    // Errors Fastify answers before Nest sees the request still come out in the API's error shape.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  // Echo the request id so a person reporting a problem can quote it, and logs can be searched by it.
  adapter.getInstance().addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(config), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // Fastify's own parsers only (JSON, and text/plain which validation refuses): Nest would add a
    // form-urlencoded one, letting a cross-site HTML form post to the API without a CORS preflight.
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  // JSON is measured (depth, values) before it is parsed: a deeply nested body costs nothing.
  registerBoundedJson(fastify, BODY_LIMIT_BYTES);
  // Requests by route pattern and status, with their duration (GET /api/metrics).
  const metrics = app.get(Metrics);
  registerMoneyMetrics(metrics, app.get(Database));
  fastify.addHook('onResponse', async (request, reply) => {
    metrics.observeHttp(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  // Before any route exists (compression hooks onto each route as it is added): JSON and the SPA's
  // index.html go out compressed; the web build's files already are (see web-app.ts).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  // First of the request hooks: every answer, the CSRF refusal and errors included, carries them.
  await registerSecurityHeaders(app.getHttpAdapter().getInstance(), config);
  await app.register(fastifyCookie);
  // After the cookie parser: every state-changing call of the whole API needs the CSRF token.
  new CsrfProtection({
    secret: config.SESSION_SECRET,
    sessionCookies: Object.values(SESSION_COOKIE),
    secureCookies: config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https://'),
    exemptPaths: [STRIPE_WEBHOOK_PATH],
  }).register(fastify);
  // Per-address rate limits of a route, counted before its body is read.
  registerEdgeRateLimits(fastify, app.get(RateLimiter), config);
  registerWellFormedInput(app.getHttpAdapter().getInstance());
  registerNoStoreForApi(app.getHttpAdapter().getInstance());
  const sendSpaIndex = await serveWebApp(app.getHttpAdapter().getInstance(), config.WEB_DIST_DIR);
  if (sendSpaIndex) {
    const impacts = app.get(FanImpacts, { strict: false });
    servePublicPiePage(fastify, config.WEB_DIST_DIR, { publicUrl: config.PUBLIC_URL, sendIndex: sendSpaIndex, hasPublicCard: async (pieId) => (await impacts.publicCardOwner(pieId)) !== null });
    const openBooks = app.get(OpenBooks, { strict: false });
    serveOpenBooksPage(fastify, config.WEB_DIST_DIR, { sendIndex: sendSpaIndex, read: () => openBooks.publicView() });
  }
  const database = app.get(Database);
  const queues = app.get(QueueRegistry);
  const outages = new OutageReporter({ database: () => database.ping(), 'queue backend': () => queues.ping() }, config.OUTAGE_RETRY_AFTER_SECONDS);
  fastify.addHook('onClose', async () => outages.stop());
  app.useGlobalFilters(new ApiExceptionFilter(sendSpaIndex, outages));
  // OpenAPI generated from the controllers and the zod schemas of their @ZodBody/@ZodQuery/@ZodParam/@ZodResponse: UI at /api/docs, JSON at /api/docs-json. A production
  // deployment does not publish its route map unless asked to (API_DOCS_PUBLIC=true).
  if (config.API_DOCS_PUBLIC ?? config.NODE_ENV !== 'production') {
    const openApi = new DocumentBuilder().setTitle('Pie API').setVersion('1').addCookieAuth(SESSION_COOKIE.fan).build();
    SwaggerModule.setup('api/docs', app, () => completeOpenApiDocument(SwaggerModule.createDocument(app, openApi)));
  }
  app.enableShutdownHooks();
  return app;
}
