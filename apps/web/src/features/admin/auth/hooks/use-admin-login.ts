import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useLoginFormState } from '@web/shared/account';
import { adminBaseApi } from '@web/shared/api';
import { adminRedirectConsumed, adminSessionConfirmed, safeRedirect, selectAdminRedirectTo } from '@web/shared/session';
import { useAdminLoginMutation } from '../api/admin-auth.api';
import { ADMIN_HOME, ADMIN_LOGIN } from '../paths';

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
