import { useSelector } from 'react-redux';
import { selectSessionStatus, type SessionState } from '@web/shared/session';
import { useGetUserQuery } from '../api/auth.api';

/**
 * The fan's session status, asking the server (GET /api/user) while it is unknown: after a
 * reload on a public page the layout still knows a signed-in fan and shows their navigation.
 * A 401 only makes the status anonymous (no redirect: the page is public).
 */
export function useFanSessionCheck(): SessionState['status'] {
  const status = useSelector(selectSessionStatus);
  useGetUserQuery(undefined, { skip: status === 'anonymous' });
  return status;
}
