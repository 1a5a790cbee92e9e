import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '@web/shared/api';
import { adminRedirectConsumed, adminSessionCleared } from '@web/shared/session';
import { useAdminLogoutMutation } from '../api/admin-auth.api';
import { ADMIN_LOGIN } from '../paths';

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
