import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type {} from '@fastify/cookie';
import { refuseBeforeBody } from './edge-limits.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  secret: string;
  /** Names of the session cookies a token is bound to: a token of one session is worthless in another. */
  sessionCookies: readonly string[];
  secureCookies: boolean;
  /** Paths authenticated otherwise (a provider's signed webhook): no cookies, no token to check. */
  exemptPaths?: readonly string[];
}

/**
 * Signed double-submit CSRF protection (DESIGN §9). The token is `nonce.signature`, where the
 * signature is an HMAC of the nonce and the request's session cookies. A cross-site page can make the
 * browser send cookies but can neither read the cookie nor forge the signature, and a token taken
 * from another session does not verify against this one.
 */
export class CsrfProtection {
  constructor(private readonly options: CsrfOptions) {}

  issue(binding: string): string {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${this.sign(nonce, binding)}`;
  }

  verify(token: string | undefined, binding: string): boolean {
    if (!token) return false;
    const [nonce, signature, extra] = token.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    const expected = Buffer.from(this.sign(nonce, binding));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** What a token is bound to: the session cookies present, hashed (empty for a visitor). */
  bindingOf(cookies: Record<string, string | undefined>): string {
    const values = this.options.sessionCookies.map((name) => `${name}=${cookies[name] ?? ''}`).join('&');
    return createHash('sha256').update(values).digest('base64url');
  }

  /**
   * Fastify hooks: state-changing requests must carry a header equal to a valid cookie token;
   * every response leaves the browser a valid token for the session it ends with (login and
   * logout change the session cookies, so they also change the token).
   */
  register(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (this.options.exemptPaths?.includes(request.url.split('?')[0])) return;
      const header = request.headers[CSRF_HEADER];
      const headerToken = Array.isArray(header) ? header[0] : header;
      const cookieToken = request.cookies?.[CSRF_COOKIE];
      const binding = this.bindingOf(request.cookies ?? {});
      // Refused in onRequest, before the body is read (and with the connection closed, so it never is).
      if (!headerToken || headerToken !== cookieToken || !this.verify(headerToken, binding)) {
        await refuseBeforeBody(request, reply, 403, {
          success: false,
          statusCode: 403,
          code: 'csrf-invalid',
          message: 'Missing or invalid CSRF token: reload the page and try again',
        });
      }
    });
    fastify.addHook('onSend', async (request, reply) => {
      const cookies = { ...(request.cookies ?? {}), ...this.cookiesSetBy(reply) };
      const binding = this.bindingOf(cookies);
      if (this.verify(request.cookies?.[CSRF_COOKIE], binding) && !this.sessionChanged(reply)) return;
      reply.setCookie(CSRF_COOKIE, this.issue(binding), {
        path: '/',
        sameSite: 'lax',
        secure: this.options.secureCookies,
        httpOnly: false, // the web client reads it to send it back as a header
      });
    });
  }

  private sessionChanged(reply: FastifyReply): boolean {
    return Object.keys(this.cookiesSetBy(reply)).length > 0;
  }

  /** Session cookies this response sets or clears (a cleared cookie counts as absent). */
  private cookiesSetBy(reply: FastifyReply): Record<string, string | undefined> {
    const header = reply.getHeader('set-cookie');
    const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
    const changed: Record<string, string | undefined> = {};
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      if (!this.options.sessionCookies.includes(name)) continue;
      const value = decodeURIComponent(pair.slice(separator + 1).trim());
      const cleared = value === '' || attributes.some((attribute) => /expires=thu, 01 jan 1970/i.test(attribute.trim()) || /max-age=0/i.test(attribute.trim()));
      changed[name] = cleared ? undefined : value;
    }
    return changed;
  }

  private sign(nonce: string, binding: string): string {
    return createHmac('sha256', this.options.secret).update(`${nonce}|${binding}`).digest('base64url');
  }
}

