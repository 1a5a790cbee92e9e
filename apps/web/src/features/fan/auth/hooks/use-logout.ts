import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '../../../../shared/api';
import { redirectConsumed, sessionCleared } from '../../../../shared/session';
import { useLogoutMutation } from '../api/auth.api';

export const LOGOUT_FAILED = 'Could not log out. Please try again.';

/** Logs out and leaves for /login (which forgets the cached answers of the session). */
export function useLogout() {
  const [logoutCall, { isLoading }] = useLogoutMutation();
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
    dispatch(sessionCleared());
    dispatch(redirectConsumed());
    await navigate('/login', { replace: true });
  };

  return { logout, isLoggingOut: isLoading, error };
}
