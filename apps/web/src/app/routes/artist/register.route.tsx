import { ArtistRegisterForm } from '@web/features/artist/auth';

export function Component() {
  return (
    <>
      <title>{`Create an artist account · Pie for artists`}</title>
      <ArtistRegisterForm />
    </>
  );
}
