import { GoogleCallback } from '@web/features/admin/auth';

export function Component() {
  return (
    <>
      <title>{`Google sign-in · Pie admin`}</title>
      <GoogleCallback />
    </>
  );
}
