import { useParams } from 'react-router';
import { ArtistVerifyEmail } from '@web/features/artist/auth';

export function Component() {
  const { token } = useParams();
  return (
    <>
      <title>{`Verify your e-mail · Pie for artists`}</title>
      <ArtistVerifyEmail key={token} token={token} />
    </>
  );
}
