import { FanForgotPassword } from '@web/features/fan/auth';

export function Component() {
  return (
    <>
      <title>{`Forgot password · Pie`}</title>
      <FanForgotPassword />
    </>
  );
}
