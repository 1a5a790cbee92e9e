import { useSelector } from 'react-redux';
import { RegisterForm } from '@web/features/fan/auth';
import { RedirectIfSignedIn, selectSessionStatus } from '@web/shared/session';

/** /register; a fan who is already signed in goes to their dashboard. */
export function Component() {
  return (
    <RedirectIfSignedIn status={useSelector(selectSessionStatus)} to="/dashboard">
      <title>{`Create account · Pie`}</title>
      <RegisterForm />
    </RedirectIfSignedIn>
  );
}
