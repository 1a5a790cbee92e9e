import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { baseApi, errorMessage, errorStatus } from '../../../../shared/api';
import { redirectConsumed, sessionCleared } from '../../../../shared/session';
import { useLogoutMutation } from '../api/auth.api';

export const LOGOUT_FAILED = 'Could not log out. Please try again.';

/** Logs out, leaves for /login, then forgets every cached answer. */
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
    // Only now: resetting while the dashboard is shown would refetch the user.
    dispatch(baseApi.util.resetApiState());
  };

  return { logout, isLoggingOut: isLoading, error };
}
