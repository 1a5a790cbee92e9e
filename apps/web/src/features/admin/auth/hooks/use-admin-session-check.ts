import { useSelector } from 'react-redux';
import { selectAdminSessionStatus, type SessionState } from '@web/shared/session';
import { useGetAdminProfileQuery } from '../api/admin-auth.api';

/** The admin's session status, asking the server (GET /api/admin/profile) while it is unknown. */
export function useAdminSessionCheck(): SessionState['status'] {
  const status = useSelector(selectAdminSessionStatus);
  useGetAdminProfileQuery(undefined, { skip: status === 'anonymous' });
  return status;
}
