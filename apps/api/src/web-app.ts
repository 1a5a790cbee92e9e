import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app on the API's origin (one origin: cookies and CSRF stay simple).
 * Returns what sends the SPA's index.html for client-side routes, or undefined when there is no build.
 *
 * The build writes Brotli and gzip siblings of its text files (apps/web/build/precompress-plugin.ts);
 * `preCompressed` sends the one the browser accepts, so no request pays for compression.
 */
export async function serveWebApp(
  fastify: FastifyInstance,
  webDistDir: string | undefined,
): Promise<((reply: FastifyReply) => void) | undefined> {
  const root = resolve(webDistDir ?? 'dist/web');
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  await fastify.register(fastifyStatic, { root, prefix: '/', wildcard: false, index: false, cacheControl: false,
    preCompressed: true,
    // The siblings are found next to each file; they need no routes of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    // Hashed assets never change; index.html must always be fresh so updates reach people.
    setHeaders: (res, path) => res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  return (reply) => void reply.header('cache-control', 'no-cache').sendFile('index.html');
}
