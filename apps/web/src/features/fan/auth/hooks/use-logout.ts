import { LOGOUT_FAILED, useAreaLogout } from '@web/shared/account/use-area-logout';
import { redirectConsumed, sessionCleared } from '@web/shared/session';
import { useLogoutMutation } from '../api/auth.api';

export { LOGOUT_FAILED };

/** Logs out and leaves for /login. */
export function useLogout() {
  const [logoutCall, { isLoading }] = useLogoutMutation();
  return useAreaLogout({ logoutCall, isLoading, clearSession: () => [sessionCleared(), redirectConsumed()], loginPath: '/login' });
}
