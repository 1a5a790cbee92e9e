import { useParams } from 'react-router';
import { ArtistResetPassword } from '@web/features/artist/auth';

export function Component() {
  const { token } = useParams();
  return (
    <>
      <title>{`Reset your password · Pie for artists`}</title>
      <ArtistResetPassword key={token} token={token} />
    </>
  );
}
