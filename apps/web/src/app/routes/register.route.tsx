import { useSelector } from 'react-redux';
import { RegisterForm } from '../../features/fan/auth';
import { RedirectIfSignedIn, selectSessionStatus } from '../../shared/session';

/** /register; a fan who is already signed in goes to their dashboard. */
export function Component() {
  return (
    <RedirectIfSignedIn status={useSelector(selectSessionStatus)} to="/dashboard">
      <title>{`Create account · Pie`}</title>
      <RegisterForm />
    </RedirectIfSignedIn>
  );
}
