import { useSelector } from 'react-redux';
import { ADMIN_HOME, AdminLoginForm } from '@web/features/admin/auth';
import { RedirectIfSignedIn, selectAdminSessionStatus } from '@web/shared/session';

/** /admin (sign-in); an admin who is already signed in goes to the dashboard. */
export function Component() {
  return (
    <RedirectIfSignedIn status={useSelector(selectAdminSessionStatus)} to={ADMIN_HOME}>
      <title>{`Sign in · Pie admin`}</title>
      <AdminLoginForm />
    </RedirectIfSignedIn>
  );
}
