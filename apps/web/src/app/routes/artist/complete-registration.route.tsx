import { CompleteRegistration } from '@web/features/artist/auth';

export function Component() {
  return (
    <>
      <title>{`Complete your registration · Pie for artists`}</title>
      <CompleteRegistration />
    </>
  );
}
