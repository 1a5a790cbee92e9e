import { useSelector } from 'react-redux';
import { LoginForm } from '@web/features/fan/auth';
import { RedirectIfSignedIn, selectSessionStatus } from '@web/shared/session';

/** /login; a fan who is already signed in goes to their dashboard. */
export function Component() {
  return (
    <RedirectIfSignedIn status={useSelector(selectSessionStatus)} to="/dashboard">
      <title>{`Log in · Pie`}</title>
      <LoginForm />
    </RedirectIfSignedIn>
  );
}
