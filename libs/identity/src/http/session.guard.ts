import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable, type Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Database } from '#pie/platform';
import { notSignedIn } from '../domain/identity.errors.js';
import type { SessionKind } from '../domain/session.entity.js';
import { findActiveSession } from '../domain/sessions.js';
import { SESSION_COOKIE } from './session-cookies.js';

export interface SessionPrincipal {
  kind: SessionKind;
  subjectId: string;
  sessionId: string;
}

type RequestWithPrincipal = FastifyRequest & { principal?: SessionPrincipal };

/**
 * One guard class per kind of session: each reads only its own cookie, so a fan session can never
 * open an artist or admin route (and so on for each pair): 401 for a missing or ended session.
 */
function sessionGuardFor(kind: SessionKind): Type<CanActivate> {
  @Injectable()
  class SessionGuard implements CanActivate {
    constructor(@Inject(Database) private readonly database: Database) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<RequestWithPrincipal>();
      const token = request.cookies?.[SESSION_COOKIE[kind]];
      if (!token) throw notSignedIn();
      const session = await findActiveSession(this.database.em(), kind, token);
      if (!session) throw notSignedIn();
      request.principal = { kind, subjectId: session.subjectId, sessionId: session.id };
      return true;
    }
  }
  Object.defineProperty(SessionGuard, 'name', { value: `${kind[0].toUpperCase()}${kind.slice(1)}SessionGuard` });
  return SessionGuard;
}

export const FanSessionGuard = sessionGuardFor('fan');
export const ArtistSessionGuard = sessionGuardFor('artist');
export const AdminSessionGuard = sessionGuardFor('admin');

/** The signed-in account of a request behind one of the session guards. */
export const CurrentSubject = createParamDecorator((_data: unknown, context: ExecutionContext): SessionPrincipal => {
  const principal = context.switchToHttp().getRequest<RequestWithPrincipal>().principal;
  if (!principal) throw notSignedIn();
  return principal;
});
