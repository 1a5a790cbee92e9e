import { existsSync, readFileSync } from 'node:fs';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/pie/:pieId`, the public pie page: the SPA's index.html with Open Graph tags whose image is the
 * pie's public card, when its fan's profile is public (`cardOwner` says so); any other pie, or a
 * malformed id, gets the plain index.html like every client-side route. Crawlers run no script, so
 * the tags must be in the HTML the server sends; only this route is rewritten.
 */
export function servePublicPiePage(
  fastify: FastifyInstance,
  webDistDir: string | undefined,
  options: { publicUrl: string; hasPublicCard: (pieId: string) => Promise<boolean>; sendIndex: (reply: FastifyReply) => void },
): void {
  const index = readFileSync(join(resolve(webDistDir ?? 'dist/web'), 'index.html'), 'utf8');
  const origin = options.publicUrl.replace(/\/+$/, '');
  fastify.get<{ Params: { pieId: string } }>('/pie/:pieId', async (request, reply) => {
    const { pieId } = request.params;
    const card = UUID.test(pieId) && (await options.hasPublicCard(pieId.toLowerCase()).catch(() => false));
    if (!card) {
      options.sendIndex(reply);
      return reply; // the file is still being sent: Fastify waits for it
    }
    const image = `${origin}/api/pie/pie/${pieId.toLowerCase()}/card.png`;
    const tags = [
      `<meta property="og:type" content="website">`,
      `<meta property="og:title" content="A fan’s pie on Pie">`,
      `<meta property="og:description" content="Where this fan’s money went: every cent split among the artists they listened to.">`,
      `<meta property="og:url" content="${origin}/pie/${pieId.toLowerCase()}">`,
      `<meta property="og:image" content="${image}">`,
      `<meta property="og:image:width" content="1200">`,
      `<meta property="og:image:height" content="630">`,
      `<meta name="twitter:card" content="summary_large_image">`,
    ].join('');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index.replace('</head>', `${tags}</head>`));
  });
}
