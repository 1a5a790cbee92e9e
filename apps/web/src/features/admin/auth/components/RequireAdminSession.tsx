import type { AdminProfile } from '#pie/contracts';
import type { ReactNode } from 'react';
import { adminRedirectStored, adminSessionConfirmed, RequireSession } from '@web/shared/session';
import { useGetAdminProfileQuery } from '../api/admin-auth.api';
import { ADMIN_LOGIN } from '../paths';

/** The admin area's guard: GET /api/admin/profile; without a session, to /admin and back afterwards. */
export function RequireAdminSession({ children }: { children: (admin: AdminProfile) => ReactNode }) {
  return (
    <RequireSession
      session={useGetAdminProfileQuery()}
      loginPath={ADMIN_LOGIN}
      sessionConfirmed={adminSessionConfirmed}
      redirectStored={adminRedirectStored}
      failureTitle="We couldn't load your admin account"
    >
      {children}
    </RequireSession>
  );
}
