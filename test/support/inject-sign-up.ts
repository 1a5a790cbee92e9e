import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '#pie/platform';
import { makeFanRegistration } from './factories.js';

export interface InjectedSignUp {
  email: string;
  status: number;
  retryAfter: string | undefined;
}

/**
 * A fan sign-up injected into an api app, with the CSRF token a browser holds: liveness (which
 * needs no database) issues it on `tokenFrom` — another replica, say — and the sign-up goes to `api`.
 */
export async function injectSignUp(api: NestFastifyApplication, tokenFrom: NestFastifyApplication = api): Promise<InjectedSignUp> {
  const health = await tokenFrom.inject({ method: 'GET', url: '/api/health' });
  const token = health.cookies.find((cookie) => cookie.name === CSRF_COOKIE)!.value;
  const registration = makeFanRegistration();
  const response = await api.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: token },
    cookies: { [CSRF_COOKIE]: token },
    payload: JSON.stringify(registration),
  });
  const retryAfter = response.headers['retry-after'];
  return { email: (registration.email as string).toLowerCase(), status: response.statusCode, retryAfter: retryAfter === undefined ? undefined : String(retryAfter) };
}
