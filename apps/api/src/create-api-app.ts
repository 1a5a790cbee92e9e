import 'reflect-metadata';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { ApiExceptionFilter, clientErrorHandler, CsrfProtection, frameworkErrorHandler, REQUEST_ID_HEADER, requestIdFor, type AppConfig } from '#pie/platform';
import { SESSION_COOKIE } from '#pie/identity';
import { ApiModule } from './api.module.js';
import { serveWebApp } from './web-app.js';

/** Request bodies above this are refused with 413 before any parsing. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the API application (used by main.ts and by the integration tests). */
export async function createApiApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.NODE_ENV === 'production',
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
  // Before any route exists (compression hooks onto each route as it is added): JSON and the SPA's
  // index.html go out compressed; the web build's files already are (see web-app.ts).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  // After the cookie parser: every state-changing call of the whole API needs the CSRF token.
  new CsrfProtection({
    secret: config.SESSION_SECRET,
    sessionCookies: Object.values(SESSION_COOKIE),
    secureCookies: config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https://'),
  }).register(app.getHttpAdapter().getInstance());
  const sendSpaIndex = await serveWebApp(app.getHttpAdapter().getInstance(), config.WEB_DIST_DIR);
  app.useGlobalFilters(new ApiExceptionFilter(sendSpaIndex));
  // OpenAPI generated from the controllers: UI at /api/docs, JSON at /api/docs-json. A production
  // deployment does not publish its route map unless asked to (API_DOCS_PUBLIC=true).
  if (config.API_DOCS_PUBLIC ?? config.NODE_ENV !== 'production') {
    const openApi = new DocumentBuilder().setTitle('Pie API').setVersion('1').addCookieAuth(SESSION_COOKIE.fan).build();
    SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));
  }
  app.enableShutdownHooks();
  return app;
}
