import type { FastifyInstance } from 'fastify';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** Where in a parsed value a string (or a key) is not well-formed UTF-16 (a lone surrogate), if anywhere. */
export function pathOfMalformedString(value: unknown): string | undefined {
  // Iterative: a parsed body may be nested deeper than the call stack allows.
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isWellFormedText(key)) return path || '_';
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON) cannot be stored by Postgres text or jsonb: refused
 * with a 400 for the whole API (body, query and path alike) before any handler sees it, instead of
 * a 500 at the insert.
 */
export function registerWellFormedInput(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', async (request, reply) => {
    const parts: [string, unknown][] = [['Path parameter', request.params], ['Query', request.query], ['Request body', request.body]];
    for (const [what, value] of parts) {
      const at = pathOfMalformedString(value);
      if (at === undefined) continue;
      const field = at || '_';
      await reply.status(400).send({
        success: false,
        statusCode: 400,
        code: 'validation-failed',
        message: `${what} is invalid: ${at || 'the value'} contains a lone UTF-16 surrogate (not valid Unicode text)`,
        errors: { [field]: ['must be valid Unicode text'] },
      });
      return reply;
    }
  });
}

/**
 * API answers are personal (a fan's listening, an office's money): no browser or shared cache keeps
 * them. A route that means to be cached sets its own Cache-Control.
 */
export function registerNoStoreForApi(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api') || reply.hasHeader('cache-control')) return;
    reply.header('cache-control', 'no-store');
  });
}
