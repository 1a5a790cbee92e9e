/**
 * One server of `npm run bench:api`, in its own process (so the load generator does not share its
 * event loop): `node scripts/bench-api-server.ts <http|nest|app> [databaseUrl]`. Prints
 * `listening <port>` once it accepts connections.
 *
 * - http: a bare node:http server answering a small JSON body;
 * - nest: a Nest + Fastify application of this stack (same versions, Fastify adapter) with one
 *   hello route, nothing else;
 * - app: the real api (compiled), as `npm run start:api` runs it, on `databaseUrl`.
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '#pie/platform';

const [mode, databaseUrl] = process.argv.slice(2);
const body = JSON.stringify({ success: true, data: { hello: 'world' } });

function ready(port: number): void {
  console.log(`listening ${port}`);
}

if (mode === 'http') {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => ready((server.address() as { port: number }).port));
} else if (mode === 'nest') {
  // Decorators applied by hand: Node runs this file with type stripping, which has no decorator syntax.
  class HelloController {
    hello() {
      return { success: true, data: { hello: 'world' } };
    }
  }
  Reflect.decorate([Get('hello')], HelloController.prototype, 'hello', Object.getOwnPropertyDescriptor(HelloController.prototype, 'hello'));
  Reflect.decorate([Controller('api')], HelloController);
  class HelloModule {}
  Reflect.decorate([Module({ controllers: [HelloController] })], HelloModule);
  const app = await NestFactory.create<NestFastifyApplication>(HelloModule, new FastifyAdapter(), { logger: false });
  await app.listen(0, '127.0.0.1');
  ready((app.getHttpServer().address() as { port: number }).port);
} else if (mode === 'app') {
  const compiledApi = '../dist/apps/api/src/create-api-app.js';
  const { createApiApp } = (await import(compiledApi)) as typeof import('../apps/api/src/create-api-app.ts');
  // As bench:auth runs it: test mode (no captcha keys), warnings only, rate limits off (one client makes all the load).
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', LOG_PRETTY: 'false', RATE_LIMIT_ENABLED: 'false', PORT: '0', WEB_DIST_DIR: '/nonexistent' });
  const app = await createApiApp(config);
  await app.listen(0, '127.0.0.1');
  ready((app.getHttpServer().address() as { port: number }).port);
} else {
  throw new Error(`unknown mode ${mode}: http, nest or app`);
}
