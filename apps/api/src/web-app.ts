import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app on the API's origin (one origin: cookies and CSRF stay simple).
 * Returns the SPA's index.html for client-side routes, or undefined when there is no build.
 */
export async function serveWebApp(fastify: FastifyInstance, webDistDir: string | undefined): Promise<string | undefined> {
  const root = resolve(webDistDir ?? 'dist/web');
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  await fastify.register(fastifyStatic, { root, prefix: '/', wildcard: false, index: false, cacheControl: false,
    // Hashed assets never change; index.html must always be fresh so updates reach people.
    setHeaders: (res, path) => res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  return readFileSync(indexPath, 'utf8');
}
