// Brings @fastify/cookie's request.cookies / reply.setCookie types into scope.
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '#pie/platform';
import type { SessionKind } from '../domain/session.entity.js';

/** One httpOnly cookie per kind of session (spec §6, §9): all three are essential cookies. */
export const SESSION_COOKIE: Record<SessionKind, string> = {
  fan: 'fan_access_token',
  artist: 'artist_access_token',
  admin: 'admin_access_token',
};

function cookieOptions(config: AppConfig) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure everywhere but plain-http local development.
    secure: config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https://'),
  };
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, kind: SessionKind, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE[kind], token, { ...cookieOptions(config), expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig, kind: SessionKind): void {
  reply.clearCookie(SESSION_COOKIE[kind], cookieOptions(config));
}
