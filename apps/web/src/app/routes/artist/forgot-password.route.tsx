import { ArtistForgotPassword } from '@web/features/artist/auth';

export function Component() {
  return (
    <>
      <title>{`Forgot password · Pie for artists`}</title>
      <ArtistForgotPassword />
    </>
  );
}
