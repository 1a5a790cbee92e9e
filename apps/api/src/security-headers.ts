import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '#pie/platform';

/** Where Google's reCAPTCHA v3 loads its script and its invisible frame from. */
const RECAPTCHA_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * The inline scripts of the built index.html, as CSP hashes: they run, and no injected script does.
 * Computed from the build at start-up, so a change to index.html needs no change here.
 */
export function inlineScriptHashes(webDistDir: string | undefined): string[] {
  const indexPath = join(resolve(webDistDir ?? 'dist/web'), 'index.html');
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}

/** Origins besides Google's that may serve the captcha script: the sandbox outside production, and what the operator names. */
function extraScriptOrigins(config: AppConfig): string[] {
  const origins = [...config.CSP_SCRIPT_ORIGINS];
  if (config.NODE_ENV !== 'production' && config.SOCIAL_PROVIDERS_BASE_URL) {
    // The sandbox names itself by either loopback name (its images come from 127.0.0.1, the app is told localhost).
    const sandbox = new URL(config.SOCIAL_PROVIDERS_BASE_URL);
    origins.push(sandbox.origin);
    if (['localhost', '127.0.0.1'].includes(sandbox.hostname)) {
      for (const host of ['localhost', '127.0.0.1']) origins.push(`${sandbox.protocol}//${host}${sandbox.port ? `:${sandbox.port}` : ''}`);
    }
  }
  return [...new Set(origins)];
}

/**
 * Security headers on every answer, HTML and JSON alike (DESIGN §9): a CSP the SPA passes (its own
 * scripts, the hashed inline boot script, the captcha), nosniff, no framing, a strict referrer
 * policy, and HSTS when the public URL is https.
 *
 * Helmet decides the headers; they depend only on the configuration, so they are worked out once
 * at start-up and each answer gets the finished set in one hook (helmet's own per-request
 * middlewares cost more than the rest of a small JSON answer's headers together).
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const headers = await securityHeaders(config);
  fastify.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

/** The headers helmet sets for this configuration, as one object. */
export async function securityHeaders(config: AppConfig): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  await new Promise<void>((resolve, reject) =>
    helmet(helmetOptions(config))({} as never, collect as never, (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve())),
  );
  return headers;
}

function helmetOptions(config: AppConfig): HelmetOptions {
  const https = config.PUBLIC_URL.startsWith('https://');
  const extra = extraScriptOrigins(config);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScriptHashes(config.WEB_DIST_DIR), ...RECAPTCHA_SOURCES, ...extra],
        // Mantine and React set style attributes and inject <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...extra],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...RECAPTCHA_SOURCES, ...extra],
        'frame-src': [...RECAPTCHA_SOURCES, ...extra],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // The API never embeds cross-origin resources that would need COEP.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}
