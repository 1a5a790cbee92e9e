import { FanForgotPassword } from '../../features/fan/auth';

export function Component() {
  return (
    <>
      <title>{`Forgot password · Pie`}</title>
      <FanForgotPassword />
    </>
  );
}
