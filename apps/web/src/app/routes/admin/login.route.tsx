import { AdminLoginForm } from '../../../features/admin/auth';

export function Component() {
  return (
    <>
      <title>{`Sign in · Pie admin`}</title>
      <AdminLoginForm />
    </>
  );
}
