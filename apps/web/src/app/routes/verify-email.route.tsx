import { useParams } from 'react-router';
import { VerifyEmailStatus } from '@web/features/fan/auth';

export function Component() {
  const { token } = useParams();
  return (
    <>
      <title>{`Verify your e-mail · Pie`}</title>
      {/* A new token is a new verification: remount. */}
      <VerifyEmailStatus key={token} token={token} />
    </>
  );
}
