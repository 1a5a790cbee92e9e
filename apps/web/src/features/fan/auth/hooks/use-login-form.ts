import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#pie/contracts';
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { baseApi, errorMessage } from '../../../../shared/api';
import { redirectConsumed, selectRedirectTo, sessionConfirmed } from '../../../../shared/session';
import { useForm } from '../../../../shared/ui';
import { useLoginMutation } from '../api/auth.api';

/** Spec §5, login: the exact texts are binding. */
export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ error: 'Please enter a valid email' })),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

export const LOGIN_FAILED = 'Login failed. Please try again.';
export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** Only a path inside this site (never `//host` or a full URL). */
function safeRedirect(target: string | null): string {
  if (target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')) {
    return target;
  }
  return DEFAULT_AFTER_LOGIN;
}

/** The login form; on success the fan goes to the stored location or /dashboard. */
export function useLoginForm() {
  const [login, { isLoading }] = useLoginMutation();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const redirectTo = useSelector(selectRedirectTo);
  const dispatch = useDispatch();
  const navigate = useNavigate();

  // Whoever arrives here (after a logout, a 401 or by choice) has no usable
  // session: forget every cached answer so no previous account's data can
  // show. This runs after the previous screen unsubscribed, so nothing refetches.
  useEffect(() => {
    dispatch(baseApi.util.resetApiState());
  }, [dispatch]);

  const form = useForm({
    initialValues: { email: '', password: '' },
    schema: loginFormSchema,
    onSubmit: async (output) => {
      if (isLoading) return;
      setSubmitError(null);
      try {
        await login({ email: output.email, password: output.password }).unwrap();
      } catch (error) {
        setSubmitError(errorMessage(error, LOGIN_FAILED));
        return;
      }
      dispatch(sessionConfirmed());
      dispatch(redirectConsumed());
      await navigate(safeRedirect(redirectTo), { replace: true });
    },
  });

  return { form, isSubmitting: isLoading, submitError };
}
