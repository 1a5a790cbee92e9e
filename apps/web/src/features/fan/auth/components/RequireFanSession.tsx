import type { FanUser } from '#pie/contracts';
import type { ReactNode } from 'react';
import { redirectStored, RequireSession, sessionConfirmed } from '@web/shared/session';
import { useGetUserQuery } from '../api/auth.api';

/** The fan area's guard: GET /api/user; without a session, to /login and back afterwards. */
export function RequireFanSession({ children }: { children: (user: FanUser) => ReactNode }) {
  return (
    <RequireSession session={useGetUserQuery()} loginPath="/login" sessionConfirmed={sessionConfirmed} redirectStored={redirectStored}>
      {children}
    </RequireSession>
  );
}
