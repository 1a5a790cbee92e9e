import type { ArtistUser } from '#pie/contracts';
import type { ReactNode } from 'react';
import { artistRedirectStored, artistSessionConfirmed, RequireSession } from '@web/shared/session';
import { useGetArtistUserQuery } from '../api/artist-auth.api';
import { ARTIST_LOGIN } from '../paths';

/** The protected artist area's guard: GET /api/for-artists/user; without a session, to /for-artists/login and back. */
export function RequireArtistSession({ children }: { children: (user: ArtistUser) => ReactNode }) {
  return (
    <RequireSession
      session={useGetArtistUserQuery()}
      loginPath={ARTIST_LOGIN}
      sessionConfirmed={artistSessionConfirmed}
      redirectStored={artistRedirectStored}
    >
      {children}
    </RequireSession>
  );
}
