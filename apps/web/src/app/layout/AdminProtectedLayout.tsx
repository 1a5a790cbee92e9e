import { Outlet } from 'react-router';
import { RequireAdminSession } from '@web/features/admin/auth';
import type { AdminOutletContext } from './area-context';

/** The protected part of /admin: the guard (to /admin and back), then the screen with the admin. */
export function Component() {
  return (
    <RequireAdminSession>{(admin) => <Outlet context={{ admin } satisfies AdminOutletContext} />}</RequireAdminSession>
  );
}
