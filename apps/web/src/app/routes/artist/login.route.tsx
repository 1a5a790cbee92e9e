import { ArtistLoginForm } from '../../../features/artist/auth';

export function Component() {
  return (
    <>
      <title>{`Log in · Pie for artists`}</title>
      <ArtistLoginForm />
    </>
  );
}
