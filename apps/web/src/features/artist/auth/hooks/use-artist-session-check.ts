import { useSelector } from 'react-redux';
import { selectArtistSessionStatus, type SessionState } from '@web/shared/session';
import { useGetArtistUserQuery } from '../api/artist-auth.api';

/** The artist's session status, asking the server (GET /api/for-artists/user) while it is unknown. */
export function useArtistSessionCheck(): SessionState['status'] {
  const status = useSelector(selectArtistSessionStatus);
  useGetArtistUserQuery(undefined, { skip: status === 'anonymous' });
  return status;
}
