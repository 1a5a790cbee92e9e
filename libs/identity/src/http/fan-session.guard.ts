import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Database } from '#pie/platform';
import { notSignedIn } from '../domain/identity.errors.js';
import { findActiveSession } from '../domain/sessions.js';
import { SESSION_COOKIE } from './session-cookies.js';

export interface FanPrincipal {
  fanId: string;
  sessionId: string;
}

type RequestWithFan = FastifyRequest & { fan?: FanPrincipal };

/** Admits only requests carrying a live fan session; 401 otherwise. */
@Injectable()
export class FanSessionGuard implements CanActivate {
  constructor(@Inject(Database) private readonly database: Database) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithFan>();
    const token = request.cookies?.[SESSION_COOKIE.fan];
    if (!token) throw notSignedIn();
    const session = await findActiveSession(this.database.em(), 'fan', token);
    if (!session) throw notSignedIn();
    request.fan = { fanId: session.subjectId, sessionId: session.id };
    return true;
  }
}

/** The signed-in fan of a request behind FanSessionGuard. */
export const CurrentFan = createParamDecorator((_data: unknown, context: ExecutionContext): FanPrincipal => {
  const fan = context.switchToHttp().getRequest<RequestWithFan>().fan;
  if (!fan) throw notSignedIn();
  return fan;
});
