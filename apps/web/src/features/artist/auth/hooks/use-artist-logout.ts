import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '../../../../shared/api';
import { artistRedirectConsumed, artistSessionCleared } from '../../../../shared/session';
import { useArtistLogoutMutation } from '../api/artist-auth.api';

export const LOGOUT_FAILED = 'Could not log out. Please try again.';

/** Logs the artist out and leaves for /for-artists/login. */
export function useArtistLogout() {
  const [logoutCall, { isLoading }] = useArtistLogoutMutation();
  const [error, setError] = useState<string | null>(null);
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const logout = async () => {
    setError(null);
    try {
      await logoutCall().unwrap();
    } catch (failure) {
      // A 401 means the session was already gone: the 401 rule has redirected.
      if (errorStatus(failure) === 401) return;
      setError(errorMessage(failure, LOGOUT_FAILED));
      return;
    }
    dispatch(artistSessionCleared());
    dispatch(artistRedirectConsumed());
    await navigate('/for-artists/login', { replace: true });
    // The login screen forgets the session's cached answers when it mounts.
  };

  return { logout, isLoggingOut: isLoading, error };
}
