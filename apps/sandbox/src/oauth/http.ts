import type { IncomingMessage, ServerResponse } from 'node:http';

/** A computed answer, written once the route has decided everything. */
export type Respond = (res: ServerResponse) => void;

/** What a route sees of a request: method, parsed URL, headers and (for POST) the raw body. */
export interface RequestContext {
  method: string;
  url: URL;
  /** The path below the provider prefix, e.g. `/accounts/authorize` for `/spotify/accounts/authorize`. */
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 64 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Form fields of an `application/x-www-form-urlencoded` body; any other type yields none. */
export function formBody(ctx: RequestContext): URLSearchParams {
  const type = (ctx.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded' ? new URLSearchParams(ctx.body) : new URLSearchParams();
}

export function jsonBody(ctx: RequestContext): unknown {
  const type = (ctx.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'Send a JSON body (content-type: application/json)');
  try {
    return JSON.parse(ctx.body) as unknown;
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
}

/** `Authorization: Bearer <token>`; undefined when absent or another scheme. */
export function bearerToken(ctx: RequestContext): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.headers.authorization ?? '');
  return match?.[1];
}

/** RFC 6749 §2.3.1 client_secret_basic: both parts are form-urlencoded before base64. */
export function basicCredentials(ctx: RequestContext): { id: string; secret: string } | 'malformed' | undefined {
  const header = ctx.headers.authorization;
  if (!header || !/^Basic\s/i.test(header)) return undefined;
  const decoded = Buffer.from(header.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const unescape = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Respond {
  return send(status, 'application/json; charset=utf-8', JSON.stringify(body), headers);
}

/** Pages get a strict CSP: no scripts at all, inline styles only, not frameable. */
export function html(status: number, body: string): Respond {
  return send(status, 'text/html; charset=utf-8', body, {
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'",
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  });
}

export function redirect(location: string): Respond {
  return (res) => {
    res.writeHead(302, { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    res.end();
  };
}

export function send(status: number, contentType: string, body: string, headers: Record<string, string> = {}): Respond {
  return (res) => {
    // Token and user answers must never be cached (RFC 6749 §5.1).
    res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store', pragma: 'no-cache', ...headers });
    res.end(body);
  };
}

export function methodNotAllowed(method: string, allowed: string[]): Respond {
  return json(405, { error: `Method ${method} not allowed; use ${allowed.join(', ')}` }, { allow: allowed.join(', ') });
}

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
