import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import type { UnknownAction } from '@reduxjs/toolkit';
import { errorMessage, errorStatus } from '../api';

export const LOGOUT_FAILED = 'Could not log out. Please try again.';

/**
 * Logout for any area: calls the area's logout, clears its session state and leaves for its
 * login screen (which forgets the session's cached answers when it mounts).
 */
export function useAreaLogout(options: {
  logoutCall: () => { unwrap(): Promise<unknown> };
  isLoading: boolean;
  clearSession: () => UnknownAction[];
  loginPath: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const logout = async () => {
    setError(null);
    try {
      await options.logoutCall().unwrap();
    } catch (failure) {
      // A 401 means the session was already gone: the 401 rule has redirected.
      if (errorStatus(failure) === 401) return;
      setError(errorMessage(failure, LOGOUT_FAILED));
      return;
    }
    for (const action of options.clearSession()) dispatch(action);
    await navigate(options.loginPath, { replace: true });
  };

  return { logout, isLoggingOut: options.isLoading, error };
}
