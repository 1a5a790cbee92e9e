import { randomBytes } from 'node:crypto';
import { formBody, json, type RequestContext, type Respond } from '../oauth/http.js';

export const SANDBOX_RECAPTCHA_SITE_KEY = 'pie-local-recaptcha-site-key';
export const SANDBOX_RECAPTCHA_SECRET = 'pie-local-recaptcha-secret';

/** A token the sandbox's script hands out; `bot` in place of the nonce scores it as a bot (0.1). */
export function sandboxRecaptchaToken(action: string, kind: 'human' | 'bot' = 'human'): string {
  return `sandbox.${encodeURIComponent(action)}.${kind === 'bot' ? 'bot' : 'human'}.${randomBytes(9).toString('base64url')}`;
}

/**
 * reCAPTCHA v3 stand-in: `GET /recaptcha/api.js` (the browser script, invisible, one token per
 * action) and `POST /recaptcha/api/siteverify` (Google's verification answer: success, score,
 * action, hostname, challenge_ts). Tokens are single use, as Google's are.
 */
export class RecaptchaStandIn {
  private readonly used = new Set<string>();

  constructor(private readonly secret = SANDBOX_RECAPTCHA_SECRET) {}

  handle(ctx: RequestContext): Respond | undefined {
    if (ctx.method === 'GET' && ctx.path === '/api.js') return this.script();
    if (ctx.method === 'POST' && ctx.path === '/api/siteverify') return this.verify(ctx);
    return undefined;
  }

  private script(): Respond {
    const source = `(() => {
  const nonce = () => Math.random().toString(36).slice(2) + Date.now().toString(36);
  window.grecaptcha = {
    ready: (callback) => setTimeout(callback, 0),
    execute: (_siteKey, options) => Promise.resolve('sandbox.' + encodeURIComponent((options && options.action) || '') + '.human.' + nonce()),
  };
})();`;
    return (res) => {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(source);
    };
  }

  private verify(ctx: RequestContext): Respond {
    const form = formBody(ctx);
    if (form.get('secret') !== this.secret) return json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
    const token = form.get('response') ?? '';
    const match = /^sandbox\.([^.]+)\.(human|bot)\.[A-Za-z0-9_-]+$/.exec(token);
    if (!match) return json(200, { success: false, 'error-codes': ['invalid-input-response'] });
    if (this.used.has(token)) return json(200, { success: false, 'error-codes': ['timeout-or-duplicate'] });
    this.used.add(token);
    return json(200, {
      success: true,
      score: match[2] === 'bot' ? 0.1 : 0.9,
      action: decodeURIComponent(match[1]),
      hostname: 'localhost',
      challenge_ts: new Date().toISOString(),
    });
  }
}
