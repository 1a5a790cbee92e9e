import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Limits applied at the edge, before any work a request asks for: how long it may take to arrive,
 * how deep and how large its JSON may be, and (edge-rate-limit.ts) how often an address may call.
 */

/** Deeper than this no body of the API goes (the deepest is three levels): more is an attack on the parser. */
export const MAX_JSON_DEPTH = 32;
/**
 * Values (array elements, object members) in one body: an import chunk (10,000 rows of about ten
 * fields) stays well under it; a megabyte of `[0,0,0,…]` does not.
 */
export const MAX_JSON_VALUES = 250_000;

/**
 * Measures JSON as its bytes arrive, without parsing it: nesting depth and values (array elements
 * and object members, counted by their separators). The structural characters are ASCII, and no
 * byte of a multi-byte UTF-8 character is, so the bytes can be scanned without decoding them.
 */
export class JsonShapeScanner {
  depth = 0;
  values = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly limits: { maxDepth: number; maxValues: number }) {}

  /** Scans the next bytes; says which limit they break, if any (the scan stops there). */
  feed(bytes: Uint8Array): 'depth' | 'values' | undefined {
    for (let index = 0; index < bytes.length; index += 1) {
      const byte = bytes[index];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) this.inString = false;
        continue;
      }
      if (byte === 0x22) this.inString = true;
      else if (byte === 0x5b || byte === 0x7b) {
        this.depth += 1;
        this.values += 1;
        if (this.depth > this.limits.maxDepth) return 'depth';
      } else if (byte === 0x5d || byte === 0x7d) this.depth -= 1;
      else if (byte === 0x2c && ++this.values > this.limits.maxValues) return 'values';
    }
    return undefined;
  }
}

class BodyRefusedError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Set on a request whose body was refused part-way: its answer closes the connection, so the rest is never read. */
const CLOSE_AFTER_ANSWER = Symbol('pie.closeAfterAnswer');

/**
 * Replaces Fastify's JSON parser with one that measures the body as it arrives: a body nested
 * deeper than MAX_JSON_DEPTH or holding more than MAX_JSON_VALUES values is refused with a 400 at
 * the chunk that breaks the limit, and the connection is closed instead of reading the rest. (A
 * megabyte of nested arrays used to be read, parsed, then walked by every check after it: seconds
 * of CPU and a gigabyte of memory per request.) What passes is parsed by Fastify's own parser,
 * which keeps its prototype-poisoning protection.
 */
export function registerBoundedJson(fastify: FastifyInstance, bodyLimit: number): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', (request, payload, done) => {
    const scanner = new JsonShapeScanner({ maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_VALUES });
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const refuse = (error: Error) => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      (request as unknown as Record<symbol, boolean>)[CLOSE_AFTER_ANSWER] = true;
      done(error, undefined);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > bodyLimit) return refuse(new BodyRefusedError('Request body is too large', 413, 'FST_ERR_CTP_BODY_TOO_LARGE'));
      const exceeded = scanner.feed(chunk);
      if (exceeded === 'depth') return refuse(new BodyRefusedError(`Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`, 400, 'FST_ERR_CTP_JSON_TOO_COMPLEX'));
      if (exceeded === 'values') return refuse(new BodyRefusedError(`Request body has too many values (at most ${MAX_JSON_VALUES})`, 400, 'FST_ERR_CTP_JSON_TOO_COMPLEX'));
      chunks.push(chunk);
    };
    if (Number(request.headers['content-length']) > bodyLimit) return refuse(new BodyRefusedError('Request body is too large', 413, 'FST_ERR_CTP_BODY_TOO_LARGE'));
    payload.on('data', onData);
    payload.on('error', (error) => refuse(error));
    payload.on('end', () => {
      if (settled) return;
      settled = true;
      const declared = Number(request.headers['content-length']);
      if (request.headers['content-length'] !== undefined && declared !== received) {
        return done(new BodyRefusedError('Content-Length does not match the body', 400, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'), undefined);
      }
      parse(request, Buffer.concat(chunks, received).toString('utf8'), done);
    });
  });
  fastify.addHook('onSend', async (request, reply) => {
    if ((request as unknown as Record<symbol, boolean>)[CLOSE_AFTER_ANSWER]) reply.header('connection', 'close');
  });
}

export interface ServerTimeouts {
  /** The whole request (headers and body) must arrive within this. */
  requestTimeoutMs: number;
  /** A connection with no traffic either way is closed after this. */
  connectionTimeoutMs: number;
}

/**
 * Fastify's `serverFactory`: Node's HTTP server with timeouts that close slow senders. Node enforces
 * `requestTimeout` and `headersTimeout` only when it checks its connections, every 30 s by default;
 * here every second, so a request sending a byte every few seconds is cut at its timeout, not
 * minutes later.
 */
export function boundedServerFactory(timeouts: ServerTimeouts) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void): Server => {
    const server = createServer(
      {
        requestTimeout: timeouts.requestTimeoutMs,
        headersTimeout: Math.min(timeouts.requestTimeoutMs, 10_000),
        connectionsCheckingInterval: 1_000,
        keepAliveTimeout: 72_000,
      },
      handler,
    );
    // Idle connections (no byte either way) go too; a response being written is never cut.
    server.setTimeout(timeouts.connectionTimeoutMs);
    return server;
  };
}

/**
 * A refusal answered before the body is read (CSRF, rate limit) closes the connection: the client
 * cannot keep sending a body nobody wants, and the server does not read it.
 */
export async function refuseBeforeBody(request: FastifyRequest, reply: FastifyReply, status: number, body: unknown): Promise<FastifyReply> {
  if (request.headers['content-length'] || request.headers['transfer-encoding']) reply.header('connection', 'close');
  return reply.status(status).send(body);
}
