import { LOGOUT_FAILED, useAreaLogout } from '@web/shared/account/use-area-logout';
import { artistRedirectConsumed, artistSessionCleared } from '@web/shared/session';
import { useArtistLogoutMutation } from '../api/artist-auth.api';

export { LOGOUT_FAILED };

/** Logs the artist out and leaves for /for-artists/login. */
export function useArtistLogout() {
  const [logoutCall, { isLoading }] = useArtistLogoutMutation();
  return useAreaLogout({
    logoutCall,
    isLoading,
    clearSession: () => [artistSessionCleared(), artistRedirectConsumed()],
    loginPath: '/for-artists/login',
  });
}
