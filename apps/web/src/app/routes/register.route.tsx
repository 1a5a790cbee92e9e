import { RegisterForm } from '../../features/fan/auth';

export function Component() {
  return (
    <>
      <title>{`Create account · Pie`}</title>
      <RegisterForm />
    </>
  );
}
