import { useParams } from 'react-router';
import { FanResetPassword } from '@web/features/fan/auth';

export function Component() {
  const { token } = useParams();
  return (
    <>
      <title>{`Reset your password · Pie`}</title>
      <FanResetPassword key={token} token={token} />
    </>
  );
}
