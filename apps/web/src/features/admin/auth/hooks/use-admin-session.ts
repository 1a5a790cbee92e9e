import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useLoginFormState } from '@web/shared/account';
import { adminBaseApi, errorMessage, errorStatus } from '@web/shared/api';
import {
  adminRedirectConsumed,
  adminSessionCleared,
  adminSessionConfirmed,
  safeRedirect,
  selectAdminRedirectTo,
} from '@web/shared/session';
import { useAdminLoginMutation, useAdminLogoutMutation } from '../api/admin-auth.api';

export const ADMIN_HOME = '/admin/dashboard';
export const ADMIN_LOGIN = '/admin';
/** Admin Google sign-in is a browser navigation; Google comes back to /admin/auth/google/callback. */
export const ADMIN_GOOGLE_SIGN_IN = '/api/admin/auth/google';

/** Where a signed-in admin goes: where the guard sent them from, else the dashboard. */
export function useAdminDestination() {
  const redirectTo = useSelector(selectAdminRedirectTo);
  return safeRedirect(redirectTo, ADMIN_HOME, ADMIN_LOGIN);
}

/** Admin e-mail and password sign-in. */
export function useAdminLogin() {
  const [login] = useAdminLoginMutation();
  const destination = useAdminDestination();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    dispatch(adminBaseApi.util.resetApiState());
  }, [dispatch]);

  return useLoginFormState({
    submit: async (credentials) => {
      await login(credentials).unwrap();
      dispatch(adminSessionConfirmed());
      dispatch(adminRedirectConsumed());
      await navigate(destination, { replace: true });
    },
  });
}

/** Logs the admin out and returns to the admin sign-in. */
export function useAdminLogout() {
  const [logoutCall, { isLoading }] = useAdminLogoutMutation();
  const [error, setError] = useState<string | null>(null);
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const logout = async () => {
    setError(null);
    try {
      await logoutCall().unwrap();
    } catch (failure) {
      if (errorStatus(failure) === 401) return;
      setError(errorMessage(failure, 'Could not log out. Please try again.'));
      return;
    }
    dispatch(adminSessionCleared());
    dispatch(adminRedirectConsumed());
    await navigate(ADMIN_LOGIN, { replace: true });
    // The login screen forgets the session's cached answers when it mounts.
  };

  return { logout, isLoggingOut: isLoading, error };
}
