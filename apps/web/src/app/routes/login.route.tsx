import { LoginForm } from '../../features/fan/auth';

export function Component() {
  return (
    <>
      <title>{`Log in · Pie`}</title>
      <LoginForm />
    </>
  );
}
