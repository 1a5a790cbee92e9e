import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable opaque token (codes, access and refresh tokens, consent request ids). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43-128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is a base64url SHA-256: exactly 43 characters. */
export const S256_CHALLENGE_PATTERN = /^[A-Za-z0-9\-_]{43}$/;

/** Constant-time string comparison (for secrets and PKCE). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A compact JWS signed with HMAC-SHA256 (OpenID Connect Core §10.1: the client secret as key). */
export function signJwtHs256(claims: Record<string, unknown>, secret: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Verifies an HS256 JWT's signature and returns its claims; throws when it is not valid. */
export function verifyJwtHs256(jwt: string, secret: string): Record<string, unknown> {
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new Error('Not a compact JWS');
  const [header, payload, signature] = parts;
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
  if (parsedHeader.alg !== 'HS256') throw new Error(`Unexpected JWS alg ${String(parsedHeader.alg)}`);
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  if (!safeEqual(signature, expected)) throw new Error('JWS signature does not match');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** OpenID Connect `at_hash`: base64url of the left half of SHA-256 of the access token. */
export function atHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');
}
