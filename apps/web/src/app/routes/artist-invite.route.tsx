import { useArtistSessionCheck, useGetArtistUserQuery } from '@web/features/artist/auth';
import { useChosenOffice } from '@web/features/artist/office';
import { ArtistInvitePage } from '@web/features/public/artist-invite';

/**
 * /artist-invite/:token: asks who is signed in as an artist (an artist already signed in accepts
 * without logging in again) and offers the offices they administer.
 */
export function Component() {
  const session = useArtistSessionCheck();
  const user = useGetArtistUserQuery(undefined, { skip: session !== 'authenticated' });
  return user.data ? <SignedIn userId={user.data._id} /> : <ArtistInvitePage session={session === 'authenticated' ? 'unknown' : session} adminOffices={undefined} />;
}

function SignedIn({ userId }: { userId: string }) {
  const { offices, office } = useChosenOffice(userId);
  const adminOffices = offices.data?.filter((candidate) => candidate.role === 'admin').map((candidate) => ({ id: candidate._id, name: candidate.name }));
  return <ArtistInvitePage session="authenticated" adminOffices={adminOffices} preferredOfficeId={office?._id} />;
}
