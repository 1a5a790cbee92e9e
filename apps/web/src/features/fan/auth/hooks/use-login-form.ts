import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useLoginFormState } from '@web/shared/account';
import { baseApi } from '@web/shared/api';
import { redirectConsumed, safeRedirect, selectRedirectTo, sessionConfirmed } from '@web/shared/session';
import { useLoginMutation } from '../api/auth.api';

export { loginFormSchema, LOGIN_FAILED } from '@web/shared/account';

export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** The login form; on success the fan goes to the stored location or /dashboard. */
export function useLoginForm() {
  const [login] = useLoginMutation();
  const redirectTo = useSelector(selectRedirectTo);
  const dispatch = useDispatch();
  const navigate = useNavigate();

  // Whoever arrives here (after a logout, a 401 or by choice) has no usable
  // session: forget every cached answer so no previous account's data can
  // show. This runs after the previous screen unsubscribed, so nothing refetches.
  useEffect(() => {
    dispatch(baseApi.util.resetApiState());
  }, [dispatch]);

  return useLoginFormState({
    submit: async (credentials) => {
      await login(credentials).unwrap();
      dispatch(sessionConfirmed());
      dispatch(redirectConsumed());
      await navigate(safeRedirect(redirectTo, DEFAULT_AFTER_LOGIN, '/login'), { replace: true });
    },
  });
}
